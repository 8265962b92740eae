import { describe, expect, it } from 'vitest';
import { resolveSceneReference } from './scene-reference.js';

const files = ['Story/Scenes/SCN_05_under_score.md', 'Story/Scenes/SCN-01-the-lamp-room.md', 'Story/Scenes/SCN-02-harbour-house.md', 'Story/Draft/SCN-02-harbour-house.md', 'Canon.md'];

describe('resolveSceneReference', () => {
  it('resolves the forms writers use', () => {
    expect(resolveSceneReference('SCN-01-the-lamp-room', files)).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
    expect(resolveSceneReference('`SCN-01-the-lamp-room.md`', files)).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
    expect(resolveSceneReference('Story/Draft/SCN-02-harbour-house.md', files)).toBe('Story/Draft/SCN-02-harbour-house.md');
    expect(resolveSceneReference('[The Lamp Room](Scenes/SCN-01-the-lamp-room.md)', files)).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
    expect(resolveSceneReference('**SCN_05_under_score**', files)).toBe('Story/Scenes/SCN_05_under_score.md');
    expect(resolveSceneReference('[SCN-01-the-lamp-room](#)', files)).toBe('Story/Scenes/SCN-01-the-lamp-room.md');
  });

  it('returns null for a missing or ambiguous file', () => {
    expect(resolveSceneReference('SCN-09-missing', files)).toBeNull();
    expect(resolveSceneReference('SCN-02-harbour-house', files)).toBeNull();
    expect(resolveSceneReference('  ', files)).toBeNull();
  });
});
