import { describe, expect, it } from 'vitest';
import { classifyVfsPath, pickOutline } from './classify-vfs-path.js';

describe('classifying VFS paths', () => {
  it('knows the manuscript conventions', () => {
    expect(classifyVfsPath('Story/SCN-outline.md')).toBe('outline');
    expect(classifyVfsPath('Story/Plot/book-outline-v2.md')).toBe('outline');
    expect(classifyVfsPath('Story/Scenes/SCN-01-the-lamp-room.md')).toBe('scene');
    expect(classifyVfsPath('Compendium/Characters/CHAR-mara.md')).toBe('character');
    expect(classifyVfsPath('Compendium/Places/PLACE-quay.md')).toBe('place');
    expect(classifyVfsPath('Compendium/Lore/LORE-timeline.md')).toBe('lore');
    expect(classifyVfsPath('Canon.md')).toBe('canon');
    expect(classifyVfsPath('Story/notes.md')).toBe('other');
  });

  it('picks exactly one outline, preferring the conventional name, then the shallowest', () => {
    expect(pickOutline(['Story/a/outline.md', 'Story/SCN-outline.md'])).toBe('Story/SCN-outline.md');
    expect(pickOutline(['Story/deep/x/outline.md', 'Story/b-outline.md', 'Story/a-outline.md'])).toBe('Story/a-outline.md');
    expect(pickOutline(['Story/Scenes/SCN-01.md', 'Compendium/outline.md'])).toBeNull();
  });
});
