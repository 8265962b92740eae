import type { Model } from '../../core/ports/index.js';
import { OpenAiCompatibleModel } from '../openai-compatible-model/index.js';
import { ServerAwareModel } from './server-aware-model.js';

/** The model behind an OpenAI-compatible endpoint, aware of its server's context window (and of Ollama's native API). */
export function endpointModel(endpoint: { baseUrl: string; apiKey: string | null }, modelName: string): Model {
  const inner = new OpenAiCompatibleModel({ baseUrl: endpoint.baseUrl, model: modelName, apiKey: endpoint.apiKey });
  return new ServerAwareModel(inner, { baseUrl: inner.endpoint, apiKey: endpoint.apiKey });
}
