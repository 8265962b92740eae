import { createRequire } from 'node:module';
import { ControlRoomError } from '../../protocol/index.js';

/** The little of the DOM this reader uses (xmldom's own typings would pull the browser's DOM into the build). */
interface XmlElement {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: XmlElement | null;
  nextSibling: XmlElement | null;
  getAttribute(name: string): string | null;
}
interface XmlParser {
  parseFromString(source: string, mimeType: string): { documentElement: XmlElement | null };
}
type XmlParserClass = new (options: { errorHandler: (level: string, message: unknown) => void }) => XmlParser;

const { DOMParser } = createRequire(import.meta.url)('@xmldom/xmldom') as { DOMParser: XmlParserClass };
type Element = XmlElement;

/** One item of a Scrivener binder, with its children in binder order. */
export interface BinderItem {
  uuid: string;
  /** `DraftFolder`, `ResearchFolder`, `TrashFolder`, `Folder`, `Text`, `PDF`, `Image`, … */
  type: string;
  title: string;
  /** False when the item is excluded from the compiled draft. */
  includeInCompile: boolean;
  children: BinderItem[];
}

function childElements(element: Element, name: string): Element[] {
  const found: Element[] = [];
  for (let node = element.firstChild; node !== null; node = node.nextSibling) {
    if (node.nodeType === 1 && node.nodeName === name) found.push(node);
  }
  return found;
}

function readItem(element: Element): BinderItem {
  const title = childElements(element, 'Title')[0]?.textContent?.trim() ?? '';
  const metadata = childElements(element, 'MetaData')[0];
  const include = metadata ? childElements(metadata, 'IncludeInCompile')[0]?.textContent?.trim() : undefined;
  const children = childElements(element, 'Children').flatMap((list) => childElements(list, 'BinderItem').map(readItem));
  // Scrivener 2 names items by `ID`, Scrivener 3 by `UUID`.
  const uuid = element.getAttribute('UUID') || element.getAttribute('ID') || '';
  return { uuid, type: element.getAttribute('Type') || 'Text', title, includeInCompile: include === undefined || /^yes$/i.test(include), children };
}

/** The binder of a `.scrivx` project file: its top-level items in order. */
export function parseScrivenerBinder(xml: string, file: string): BinderItem[] {
  const errors: string[] = [];
  const parser = new DOMParser({ errorHandler: (level, message) => void (level !== 'warning' && errors.push(String(message))) });
  const document = parser.parseFromString(xml, 'text/xml');
  const root = document.documentElement;
  const binder = root ? childElements(root, 'Binder')[0] : undefined;
  if (!root || root.nodeName !== 'ScrivenerProject' || binder === undefined) {
    throw new ControlRoomError('import_source_unreadable', `${file} is not a Scrivener project file (no <ScrivenerProject><Binder>)${errors.length > 0 ? `: ${errors[0]}` : ''}.`);
  }
  return childElements(binder, 'BinderItem').map(readItem);
}
