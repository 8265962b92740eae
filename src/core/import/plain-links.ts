/**
 * Obsidian-style links written as the reader sees them: `[[Mara Quill]]` → `Mara Quill`,
 * `[[Mara Quill|Mara]]` → `Mara`, `[[Kerrow#The Quay]]` → `Kerrow`; embeds (`![[map.png]]`) and
 * comments (`%% … %%` on one line) are dropped. Lines are kept one for one, so line numbers hold.
 */
export function plainLinks(text: string): string {
  return text
    .replace(/!\[\[[^\]\n]*\]\]/g, '')
    .replace(/\[\[([^\]|\n]*?)(?:\|([^\]\n]*))?\]\]/g, (_whole, target: string, label: string | undefined) => {
      const shown = label ?? target.replace(/#.*$/, '').replace(/\^.*$/, '');
      return shown.trim();
    })
    .replace(/%%[^%\n]*%%/g, '');
}
