/**
 * Moving around the app from anywhere: a citation opens the reader at its lines, a reply's trace
 * link opens Dev Tools, an archived turn opens its issue.
 */
import { createContext, useContext } from 'react';

export const WORK_TABS = ['conference', 'chat', 'changes', 'issues', 'runs', 'canon', 'memory', 'pictures', 'audio', 'models', 'import', 'devtools'] as const;
export type WorkTab = (typeof WORK_TABS)[number];

export interface ReaderTarget {
  path: string;
  range: { start: number; end: number } | null;
  /** Changes on every request, so opening the same place twice scrolls again. */
  serial: number;
}

export interface Navigation {
  openFile: (path: string, range?: { start: number; end: number } | null) => void;
  openTab: (tab: WorkTab) => void;
  showTrace: (roundId: string) => void;
  showIssue: (issueId: string) => void;
  showSession: (sessionId: string) => void;
  /** Every file path the workspace has, so texts can link the ones they name. */
  knownPaths: readonly string[];
}

export const NavigationContext = createContext<Navigation | null>(null);

/** The app's navigation; only valid inside `<App>`. */
export function useNavigation(): Navigation {
  const navigation = useContext(NavigationContext);
  if (!navigation) throw new Error('useNavigation must be used inside the app.');
  return navigation;
}
