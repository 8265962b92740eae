import type { ModelRequest, ModelResponse } from '../../protocol/index.js';
import type { Model, Workspace } from '../../core/ports/index.js';
import { ScriptedModel } from '../scripted-model/index.js';
import { demoReply } from './demo-reply.js';

export interface DemoModelOptions {
  /** The manuscript the demo reads quotes back from. */
  workspace: Workspace;
  /** The model name shown in traces (default `control-room-demo`). */
  name?: string;
}

/** The name the offline demo model reports. */
export const DEMO_MODEL_NAME = 'control-room-demo';

/**
 * The offline demo (no model server needed): a deterministic model that plays every agent
 * through the real harness — strict tool calls with the turn's nonce, real tool runs and
 * receipts, phase-2 replies quoting the files, abstentions. Each reply is replayed through the
 * scripted model, so streaming and wire decoding are exactly those of a real server.
 */
export class DemoModel implements Model {
  readonly name: string;
  readonly endpoint = 'demo';
  private readonly workspace: Workspace;

  constructor(options: DemoModelOptions) {
    this.workspace = options.workspace;
    this.name = options.name ?? DEMO_MODEL_NAME;
  }

  async complete(request: ModelRequest): Promise<ModelResponse> {
    const content = await demoReply(request.messages, this.workspace);
    return new ScriptedModel([{ content }], { name: this.name, pieceLength: 16 }).complete(request);
  }
}
