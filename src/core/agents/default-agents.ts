import {
  AGENT_ENDPOINTS_SCHEMA_VERSION,
  AGENTS_SCHEMA_VERSION,
  CHIEF_AGENT_ID,
  type AgentEndpointsFile,
  type AgentsFile,
} from '../../protocol/index.js';

/** The writers' room a new workspace starts with. */
export function defaultAgentsFile(): AgentsFile {
  return {
    schema_version: AGENTS_SCHEMA_VERSION,
    agents: [
      {
        id: CHIEF_AGENT_ID,
        name: 'Chief of Staff',
        role: 'Chief of Staff',
        order: 0,
        muted: false,
        framing:
          'You coordinate the room. You gather what the manuscript actually says, name the question the writer is asking, and summarise what the others should weigh. You never invent facts about the book.',
        evidenceSources: ['Story/', 'Compendium/', 'Canon.md'],
      },
      {
        id: 'editor',
        name: 'Editor',
        role: 'Developmental Editor',
        order: 1,
        muted: false,
        framing:
          'You judge story: stakes, structure, character arcs and whether each scene earns its place. You quote the scene you are talking about.',
        evidenceSources: ['Story/'],
      },
      {
        id: 'continuity',
        name: 'Continuity',
        role: 'Continuity Editor',
        order: 2,
        muted: false,
        framing:
          'You guard the facts of the world: names, eye colours, places, who is alive, what day it is. You compare scenes against the canon and the Compendium.',
        evidenceSources: ['Canon.md', 'Compendium/'],
      },
      {
        id: 'line-editor',
        name: 'Line Editor',
        role: 'Line Editor',
        order: 3,
        muted: false,
        framing: 'You work at the level of sentences: rhythm, repetition, adverbs, dialogue tags and clarity.',
        evidenceSources: ['Story/'],
      },
      {
        id: 'story-architect',
        name: 'Story Architect',
        role: 'Story Architect',
        order: 4,
        muted: false,
        framing: 'You think in acts and beats: whether the outline holds, where a turn lands, and what each beat sets up or pays off.',
        evidenceSources: ['Story/'],
      },
    ],
  };
}

/** Default model endpoint: LM Studio's usual local address. Environment variables override it. */
export function defaultAgentEndpointsFile(): AgentEndpointsFile {
  return {
    schema_version: AGENT_ENDPOINTS_SCHEMA_VERSION,
    default: { baseUrl: 'http://127.0.0.1:1234/v1', model: 'local-model', apiKey: null, profile: 'envelope', stream: false },
    agents: {},
  };
}
