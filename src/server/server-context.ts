import { chatReplyValidator, type ControlRoom } from '../adapters/compose/index.js';
import type { ConferenceDependencies } from '../core/conference/index.js';
import type { TurnDependencies } from '../core/loop/index.js';
import type { ServerDependencies } from './server-dependencies.js';

/** What every route uses: the room, the use cases' dependencies and a lock for config writes. */
export interface ServerContext {
  deps: ServerDependencies;
  room: ControlRoom;
  development: boolean;
  /** Dependencies of a 1:1 chat turn, with the evidence check of SPEC §7. */
  turnDependencies(): TurnDependencies;
  /** Dependencies of a conference round. */
  conferenceDependencies(): ConferenceDependencies;
  /** Runs config writes one at a time, so two saves never interleave. */
  serialize<T>(work: () => Promise<T>): Promise<T>;
}

/** Builds the context once per app. */
export function createServerContext(deps: ServerDependencies): ServerContext {
  const { room, conference } = deps;
  const validateChatReply = chatReplyValidator(room, conference.validateReply);
  let writes: Promise<unknown> = Promise.resolve();
  return {
    deps,
    room,
    development: deps.development ?? process.env['NODE_ENV'] === 'development',
    turnDependencies: () => ({ ...room.turnDependencies(), validateReply: validateChatReply }),
    conferenceDependencies: () => {
      const { validateReply: _chatValidator, ...turn } = room.turnDependencies();
      return {
        ...turn,
        workspace: room.workspace,
        auditLog: room.auditLog,
        issues: room.issues,
        conferences: conference.conferences,
        credits: conference.credits,
        telemetry: conference.telemetry,
        validateReply: conference.validateReply,
      };
    },
    serialize: <T>(work: () => Promise<T>): Promise<T> => {
      const next = writes.then(work, work);
      writes = next.catch(() => undefined);
      return next;
    },
  };
}
