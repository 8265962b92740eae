import type { Command } from 'commander';
import { openControlRoom } from '../../adapters/compose/index.js';
import { workspaceDir, type CliIo, type CommonOptions } from '../io.js';

/**
 * `control-room mcp [--workspace dir]` — the writing tools over the Model Context Protocol on
 * stdin/stdout, for Claude Desktop, LM Studio, Cursor or any MCP client that starts a local
 * server. stdout carries only the protocol; warnings go to stderr. Every call leaves a signed
 * receipt in the session `mcp-<client>`.
 */
export function registerMcp(program: Command, io: CliIo, version: string): void {
  program
    .command('mcp')
    .description('serve the writing tools over the Model Context Protocol (stdio); each call leaves a signed receipt in the session mcp-<client>')
    .option('--workspace <dir>', 'workspace folder')
    .action(async (options: CommonOptions) => {
      // Loaded here, not at start-up: no other command pays for the MCP SDK.
      const { serveMcpOverStdio } = await import('../../adapters/mcp-server/index.js');
      const room = await openControlRoom(workspaceDir(options));
      for (const warning of room.warnings) io.stderr(`warning: ${warning}\n`);
      const stopping = new AbortController();
      const stop = (): void => stopping.abort();
      process.once('SIGINT', stop);
      process.once('SIGTERM', stop);
      try {
        await serveMcpOverStdio(room, { version, stdin: process.stdin, stdout: process.stdout, signal: stopping.signal });
      } finally {
        process.off('SIGINT', stop);
        process.off('SIGTERM', stop);
        await room.close();
      }
    });
}
