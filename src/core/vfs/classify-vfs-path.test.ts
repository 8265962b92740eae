import { describe, expect, it } from 'vitest';
import { classifyVfsPath, looksLikeOutline, pickOutline } from './classify-vfs-path.js';

describe('classifying VFS paths', () => {
  it('knows the manuscript conventions', () => {
    expect(classifyVfsPath('Story/SCN-outline.md')).toBe('outline');
    expect(classifyVfsPath('Story/Plot/book-outline-v2.md')).toBe('outline');
    expect(classifyVfsPath('Story/Scenes/SCN-01-the-lamp-room.md')).toBe('scene');
    expect(classifyVfsPath('Compendium/Characters/CHAR-mara.md')).toBe('character');
    expect(classifyVfsPath('Compendium/Places/PLACE-quay.md')).toBe('place');
    expect(classifyVfsPath('Compendium/Lore/LORE-timeline.md')).toBe('lore');
    expect(classifyVfsPath('Canon.md')).toBe('canon');
  });

  it('takes any Markdown under Story/ as a scene or chapter, whatever its name', () => {
    expect(classifyVfsPath('Story/Manuscript/01 The Ferry.md')).toBe('scene');
    expect(classifyVfsPath('Story/chapter-12.markdown')).toBe('scene');
    expect(classifyVfsPath('Story/Part Two/Chapter Seven.md')).toBe('scene');
    expect(classifyVfsPath('Story/notes.md')).toBe('scene');
    expect(classifyVfsPath('Story/cover.png')).toBe('other');
  });

  it('finds outlines by the names writers give them', () => {
    expect(looksLikeOutline('Story/Synopsis.md')).toBe(true);
    expect(looksLikeOutline('Story/00 Outline.md')).toBe(true);
    expect(looksLikeOutline('Story/Beat Sheet.md')).toBe(true);
    expect(looksLikeOutline('Story/Chapter plan.md')).toBe(true);
    expect(looksLikeOutline('Story/03 The Plotters.md')).toBe(false);
    expect(looksLikeOutline('Compendium/Outline.md')).toBe(false);
  });

  it('reads Compendium roles from folder names in the writer\'s own words', () => {
    expect(classifyVfsPath('Compendium/People/Mara Quill.md')).toBe('character');
    expect(classifyVfsPath('Compendium/Cast/Minor/Birdie.md')).toBe('character');
    expect(classifyVfsPath('Compendium/Locations/Kerrow.md')).toBe('place');
    expect(classifyVfsPath('Compendium/Settings/The Mill.md')).toBe('place');
    expect(classifyVfsPath('Compendium/World Building/Tides.md')).toBe('lore');
    expect(classifyVfsPath('Compendium/Research/Ferries.md')).toBe('lore');
    expect(classifyVfsPath('Compendium/Misc/PLACE-quay.md')).toBe('place');
    expect(classifyVfsPath('Compendium/Misc/scrap.md')).toBe('other');
  });

  it('picks exactly one outline, preferring the conventional name, then the shallowest', () => {
    expect(pickOutline(['Story/a/outline.md', 'Story/SCN-outline.md'])).toBe('Story/SCN-outline.md');
    expect(pickOutline(['Story/deep/x/outline.md', 'Story/b-outline.md', 'Story/a-outline.md'])).toBe('Story/a-outline.md');
    expect(pickOutline(['Story/Synopsis.md', 'Story/Outline.md'])).toBe('Story/Outline.md');
    expect(pickOutline(['Story/Scenes/SCN-01.md', 'Compendium/outline.md'])).toBeNull();
  });
});
