import os from 'node:os';
import type { RunnerHost } from '../../core/runs/index.js';

/** This process as a run's runner: its pid and host, and a liveness check by signal 0. */
export function processRunnerHost(): RunnerHost {
  return {
    pid: process.pid,
    host: os.hostname(),
    isAlive(pid: number): boolean {
      try {
        process.kill(pid, 0);
        return true;
      } catch (error) {
        // EPERM: the process exists but belongs to someone else.
        return (error as NodeJS.ErrnoException).code === 'EPERM';
      }
    },
  };
}
