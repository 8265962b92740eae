/**
 * Generated from the server’s OpenAPI document by `npm run api:types` (scripts/api-types.ts).
 * Do not edit: change the route schemas and generate again.
 */
export interface paths {
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Whether the server is up, which workspace it serves and which model answers */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The roster, in order */
        get: operations["listAgents"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/agents/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Mute or unmute an agent (written to agents.json) */
        patch: operations["updateAgent"];
        trace?: never;
    };
    "/api/settings/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where each agent’s model calls go (API keys are never shown) */
        get: operations["getModelSettings"];
        /** Change the default endpoint or agents’ own endpoints (written to agent-endpoints.json) */
        put: operations["updateModelSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/models": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Model servers found on the usual local ports and the configured ones, with their models and context sizes */
        get: operations["listModelServers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vfs/tree": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The manuscript as agents see it: Story/, Compendium/ and Canon.md */
        get: operations["getVfsTree"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/vfs/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A file of the VFS, or some of its lines */
        get: operations["readVfsFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/chat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One grounded 1:1 turn with an agent (SSE when `stream` is true) */
        post: operations["chatWithAgent"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** 1:1 chat sessions with at least one finished turn, most recently active first */
        get: operations["listChatSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The finished turns of one 1:1 chat session, oldest first, each with its whole result */
        get: operations["getChatSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/chief/route": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Which desk and tools a request belongs to (the task_router tool, with a receipt) */
        post: operations["routeRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start a conference (the Chief of Staff is added first) */
        post: operations["createConference"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conferences/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conference with every round so far */
        get: operations["getConference"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conferences/{id}/attendees": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite an agent (between rounds) */
        post: operations["addConferenceAttendee"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conferences/{id}/attendees/{agentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove an attendee (409 `chief_not_removable` for the Chief) */
        delete: operations["removeConferenceAttendee"];
        options?: never;
        head?: never;
        /** Mute or unmute an attendee for this conference (409 `chief_not_mutable` for the Chief) */
        patch: operations["updateConferenceAttendee"];
        trace?: never;
    };
    "/api/conferences/{id}/rounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one two-phase round (SSE when `stream` is true: phase, receipt, entry per agent, done) */
        post: operations["runConferenceRound"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/conversations/{id}/state": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation’s state (default, conversation, action, research) and any change waiting for the next round */
        get: operations["getConversationState"];
        /** Ask for a state change: it applies at the next round boundary, never in the middle of a round */
        put: operations["setConversationState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/flags": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The feature flags in force: newer trace and write paths, audio retention, and the cascade’s tools-only / text-only rollback */
        get: operations["getFeatureFlags"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Confirmations waiting, clarifications needed after failed retries, finished runs and imports — newest first */
        get: operations["listNotifications"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/{id}/dismiss": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dismiss one notification (dismissing it again changes nothing) */
        post: operations["dismissNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/dismiss-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Dismiss every waiting notification */
        post: operations["dismissAllNotifications"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chat/sessions/{id}/issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a 1:1 conversation as an issue: its transcript, tagged chat, with every receipt its turns cite linked */
        post: operations["createIssueFromChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/issues": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Issues, newest first (archived conference turns included) */
        get: operations["listIssues"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/issues/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One issue with its linked receipts, each marked verified or not */
        get: operations["getIssue"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/issues/{id}/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Close an issue (the issue.close command: a signed receipt, undoable) or reopen it */
        post: operations["setIssueStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/issues/{id}/intentional": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark the continuity finding an issue was filed for as intentional: it is not filed again for the same lines, and the issue is closed */
        post: operations["markIssueFindingIntentional"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Sessions that have signed receipts */
        get: operations["listAuditSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/sessions/{id}/receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A session’s receipts in order, each marked verified (signature and chain) */
        get: operations["exportSessionReceipts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/sessions/{id}/tool-receipts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A session’s receipt log exactly as stored (JSON lines) */
        get: operations["listSessionToolReceipts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/sessions/{id}/link-issue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a session’s receipts (all, or the listed ones) into an issue’s audit folder */
        post: operations["linkReceiptsToIssue"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Check every receipt signature, chain and seal; name the first bad line */
        get: operations["verifyAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audit/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The workspace’s audit signing key: Ed25519 fingerprint (to write down or pin) and public key (to export) */
        get: operations["getAuditKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/telemetry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Rejection and evidence-failure counts by bucket: in total, per agent, conference and session */
        get: operations["getTelemetry"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/telemetry/conference": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Count one failed conference reply a client checked itself (the seed’s endpoint): each code in its bucket, tagged with the conference and agent */
        post: operations["reportConferenceTelemetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/telemetry/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tool-call success rate, JSON parse errors, fallback rate, retries and latency p50/p95/p99 per channel (tool|json|text) and per model, from the traces */
        get: operations["getChannelMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces/rounds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Decision-trace rounds, newest first */
        get: operations["listTraceRounds"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces/rounds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One round with its events in order */
        get: operations["getTraceRound"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/traces/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every round with its ordered events, one JSON line each */
        get: operations["exportTraces"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/buckets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Buckets with notes, each with its register line, most recently written first */
        get: operations["listMemoryBuckets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Notes matching the words of a query, best match first */
        get: operations["searchMemory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/{bucket}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A bucket’s context package: register, short context, long context within the budget, ranked notes */
        get: operations["getMemoryContext"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/{bucket}/items": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remember a note in a bucket (secrets are replaced by secret_ref tokens before it is stored) */
        post: operations["addMemoryItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/memory/items/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pin a note (or unpin it with {"pinned": false}); pinned notes always lead the context */
        post: operations["pinMemoryItem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audio": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Stored clips, newest first */
        get: operations["listAudioClips"];
        put?: never;
        /** Upload a clip (raw audio body, or multipart with a `file` field); the format is read from the bytes */
        post: operations["uploadAudio"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audio/retention": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The cleanup of expired, unpinned clips that runs when the server starts and once a day: its last run and what it removed */
        get: operations["getAudioRetention"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audio/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A clip’s metadata: hash, format, retention, pin and linked round */
        get: operations["getAudioClip"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audio/{id}/content": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A clip’s bytes (checked against its sha256 first) */
        get: operations["getAudioContent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/audio/{id}/pin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Pin a clip so cleanups keep it (or unpin it with {"pinned": false}) */
        post: operations["pinAudioClip"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/canon/index": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ask to rebuild the canon index (Canon.md): a level-3 command, so it waits for a confirmation (POST /api/confirmations/{id}), then builds in the background */
        post: operations["rebuildCanonIndex"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/canon/index/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the canon index build stands: idle, running (done/total), done or failed */
        get: operations["getCanonIndexStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/canon/facts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The facts of the compiled canon index (Canon.md), each with the file and lines that state it */
        get: operations["listCanonFacts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Pipeline runs, newest first (runs left running by a dead process show as interrupted) */
        get: operations["listRuns"];
        put?: never;
        /** Start a pipeline run of a recipe in the background */
        post: operations["startRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/recipes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Recipes a run can start: bundled, and the project's own (which win by id) */
        get: operations["listRecipes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One run with its last 20 step-log lines (for polling) */
        get: operations["getRun"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/steps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The full step log of a run (steps.jsonl) */
        get: operations["listRunSteps"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/cache/{slot}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The results a run kept in one cache slot */
        get: operations["getRunCacheSlot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/runs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel a run: it stops before its next step (409 when it has already finished) */
        post: operations["cancelRun"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ai/task/execute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Plan, act, gate and apply a change (L3/L4 chains answer awaiting_confirmation and write nothing) */
        post: operations["executeTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Tasks, newest first: the history of changes asked for, applied, refused and undone */
        get: operations["listTasks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Each file a task would touch (waiting for confirmation) or touched, with its text before and after */
        get: operations["getTaskChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One task record: goal, plan, batch, chain, results */
        get: operations["getTask"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tasks/{id}/undo": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Undo a task from its undo journal (`last` for the most recent one not undone) */
        post: operations["undoTask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/confirmations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Confirmations, newest first (default: the pending ones); step tokens are never listed */
        get: operations["listConfirmations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/confirmations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Answer a pending confirmation; the last acceptance applies the chain, a refusal applies nothing, the same answer sent again is replayed */
        post: operations["answerConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tools/{id}/run": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Run one writing tool over the manuscript, as `control-room tool run` does: arguments checked by its schema, a signed receipt */
        post: operations["runTool"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/story/timeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The book's days per chapter, from the outline, front matter, prose day markers and timeline notes */
        get: operations["getBookTimeline"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Imports this server ran or runs, newest first */
        get: operations["listImports"];
        put?: never;
        /** Import a .docx or a folder (an Obsidian vault, a folder of chapters, a .scriv package) into the workspace in the background; importing the same upload again updates it */
        post: operations["startImport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/import/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One import, for polling: its progress, then the report (what went where, what was skipped) or why it failed */
        get: operations["getImport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Health: {
            /** @enum {boolean} */
            ok: true;
            version: string;
            /** @description the workspace folder name */
            workspace: string;
            /**
             * @description demo: the offline demo model answers, through the real harness
             * @enum {string}
             */
            mode: "live" | "demo";
            model: {
                reachable: boolean;
                baseUrl: string;
                model: string;
                message?: string;
            };
        };
        ListAgentsResponse: {
            agents: components["schemas"]["Agent"][];
        };
        Agent: {
            id: string;
            name: string;
            role: string;
            order: number;
            /** @default false */
            muted: boolean;
            framing: string;
            /** @default [] */
            evidenceSources: string[];
        };
        ErrorBody: {
            error: {
                code: components["schemas"]["ErrorCode"];
                message: string;
                issues?: components["schemas"]["RequestIssue"][];
            };
        };
        /**
         * @description a stable error code; its HTTP status is fixed by the server’s one table
         * @enum {string}
         */
        ErrorCode: "invalid_request" | "unauthorized" | "not_found" | "payload_too_large" | "host_not_allowed" | "cross_origin_refused" | "content_type_required" | "workspace_not_found" | "workspace_exists" | "config_invalid" | "usage_error" | "internal_error" | "path_outside_workspace" | "path_not_found" | "path_is_directory" | "file_too_large" | "file_binary" | "line_range_invalid" | "file_not_regular" | "file_hard_linked" | "audit_id_invalid" | "audit_key_missing" | "audit_key_invalid" | "audit_pin_invalid" | "audit_batch_mixed" | "import_source_not_found" | "import_source_unreadable" | "import_target_invalid" | "import_not_found" | "import_upload_path_invalid" | "import_upload_too_large" | "import_upload_too_many_files" | "import_upload_invalid" | "import_busy" | "finding_line_not_found" | "chat_session_not_found" | "tool_not_found" | "trace_export_failed" | "agent_not_found" | "conference_exists" | "conference_invalid" | "issue_not_found" | "issue_invalid" | "issues_corrupt" | "receipt_not_found" | "receipt_invalid" | "receipt_not_canonical" | "session_not_found" | "telemetry_session_invalid" | "tool_args_invalid" | "tool_call_invalid_args" | "tool_call_unknown_tool" | "outline_not_found" | "extraction_invalid" | "run_args_invalid" | "lock_busy" | "write_verification_failed" | "canon_rebuild_unavailable" | "patch_find_not_found" | "patch_find_ambiguous" | "audio_empty" | "audio_too_large" | "audio_not_audio" | "audio_malformed" | "audio_not_found" | "audio_config_invalid" | "audio_store_corrupt" | "confirmation_not_found" | "confirmation_closed" | "step_token_invalid" | "confirmation_request_conflict" | "task_not_found" | "undo_not_available" | "undo_already_done" | "undo_conflict" | "conversation_id_invalid" | "task_store_corrupt" | "canon_index_busy" | "canon_sources_missing" | "canon_index_cancelled" | "conference_not_found" | "chief_not_removable" | "chief_not_mutable" | "attendee_not_found" | "conference_corrupt" | "issue_not_a_finding" | "intentional_store_corrupt" | "memory_input_invalid" | "memory_bucket_invalid" | "memory_item_not_found" | "memory_store_too_new" | "memory_store_failed" | "model_unreachable" | "model_timeout" | "model_cancelled" | "model_http_error" | "model_bad_response" | "model_empty_response" | "model_not_configured" | "model_context_exceeded" | "notification_not_found" | "notifications_corrupt" | "recipe_not_found" | "run_not_found" | "run_not_running" | "cache_slot_not_found" | "run_corrupt" | "trace_round_not_found" | "trace_round_closed" | "trace_event_invalid" | "trace_input_invalid" | "trace_store_closed" | "trace_store_busy" | "trace_store_too_new" | "trace_store_unreadable" | "trace_write_failed";
        RequestIssue: {
            path: (string | number)[];
            message: string;
            code: string;
        };
        AgentUpdate: {
            muted?: boolean;
        };
        ModelSettings: {
            agents: {
                agentId: string;
                baseUrl: string;
                model: string;
                /** @enum {string} */
                profile: "envelope" | "cascade";
                stream: boolean;
                /** @enum {string} */
                source: "file" | "environment" | "agent";
                reachable: boolean;
                /** @enum {string} */
                keyState: "none" | "set" | "withheld";
            }[];
            fallbackModel: string | null;
            forgottenKeys?: string[];
        };
        ModelSettingsUpdate: {
            default?: {
                /** Format: uri */
                baseUrl?: string;
                model?: string;
                apiKey?: string | null;
                /** @enum {string} */
                profile?: "envelope" | "cascade";
                stream?: boolean;
            };
            agents?: {
                [key: string]: {
                    /** Format: uri */
                    baseUrl?: string;
                    model?: string;
                    apiKey?: string | null;
                    /** @enum {string} */
                    profile?: "envelope" | "cascade";
                    stream?: boolean;
                } | null;
            };
        };
        ModelServers: {
            servers: {
                baseUrl: string;
                /** @enum {string} */
                kind: "lmstudio" | "ollama" | "llamacpp" | "vllm" | "jan" | "koboldcpp" | "openai-compatible";
                /** @description the server as a writer knows it: LM Studio, Ollama, llama.cpp server, vLLM, Jan, KoboldCpp */
                name: string;
                reachable: boolean;
                /** @description an agent uses this server now */
                configured: boolean;
                models: {
                    id: string;
                    contextTokens: number | null;
                    defaultContextTokens?: number;
                }[];
                error?: string;
            }[];
        };
        GetVfsTreeResponse: {
            root: components["schemas"]["VfsFolderNode"];
            outlinePath: string | null;
            fileCount: number;
        };
        VfsFolderNode: {
            /** @enum {string} */
            type: "folder";
            name: string;
            path: string;
            children: components["schemas"]["VfsNode"][];
        };
        VfsNode: components["schemas"]["VfsFileNode"] | components["schemas"]["VfsFolderNode"];
        VfsFileNode: {
            /** @enum {string} */
            type: "file";
            name: string;
            path: string;
            /** @enum {string} */
            role: "outline" | "scene" | "character" | "place" | "lore" | "canon" | "other";
            size: number;
            /**
             * @description Canon.md, whose content lives in app data
             * @enum {boolean}
             */
            virtual?: true;
        };
        VfsFile: {
            path: string;
            content: string;
            lines: number;
            startLine: number;
            endLine: number;
            sha256: string;
            size: number;
        };
        ChatResult: {
            content: string;
            evidence: string | null;
            /** @description EvidenceReport: the one evidence report, from the validator to the screen */
            evidenceReport: {
                /** @description true when every check passed: the reply may be shown as verified */
                ok: boolean;
                /** @description the evidence line as written */
                line: string | null;
                /** @enum {string|null} */
                type: "content" | "structural" | "absence" | null;
                sources: {
                    path: string;
                    lines?: {
                        start: number;
                        end: number;
                    };
                    section?: string;
                }[];
                quotes: string[];
                receipts: string[];
                /** @description each verified quote with the file, lines and character offsets where it was found */
                locations: {
                    quote: string;
                    path: string;
                    startLine: number;
                    endLine: number;
                    start: number;
                    end: number;
                }[];
                /** @description for an absence claim: the files searched */
                searched: string[];
                /** @description for an absence claim: where its term occurs after all */
                absenceHits: {
                    term: string;
                    path: string;
                    line: number;
                }[];
                issues: {
                    /** @enum {string} */
                    code: "evidence_missing" | "evidence_multiple" | "evidence_invalid" | "quote_not_found" | "source_not_found" | "structural_ref_missing" | "absence_scope_missing" | "receipt_unknown" | "source_role_mismatch" | "cot_leak" | "tool_syntax" | "absence_contradicted" | "quote_out_of_context" | "receipt_source_mismatch";
                    message: string;
                    span: {
                        start: number;
                        end: number;
                    } | null;
                }[];
            } | null;
            validation: {
                ok: boolean;
                issues: ({
                    code: string;
                    message: string;
                } & {
                    [key: string]: unknown;
                })[];
            };
            receipts: string[];
            rejections: {
                code: string;
                message: string;
                /** @description where the refused call came: envelope, native or text */
                channel: string;
            }[];
            stopHook: string | null;
            traceRoundId: string;
            sessionId: string;
            channel: string | null;
            model: string;
            usedFallback: boolean;
            /** @description every retry the turn made: a model call sent again, a tool call asked again, a tool run again — with its reason */
            retries: {
                /** @enum {string} */
                kind: "model" | "output" | "tool";
                code: string;
                target: string;
            }[];
            /** @description set when the turn could not answer: what happened and what to do */
            notice: {
                /** @enum {string} */
                kind: "clarification" | "failure";
                code: string;
                message: string;
                action: string;
            } | null;
            /**
             * @description the state the turn ran in
             * @enum {string}
             */
            stateIn: "default" | "conversation" | "action" | "research";
            /**
             * @description the state after it (a change asked for during the turn applies at its end)
             * @enum {string}
             */
            stateOut: "default" | "conversation" | "action" | "research";
            audioId: string | null;
            /**
             * @description the route the turn took: a direct answer, clarifying questions (no tools run), or a plan acted on and concluded
             * @enum {string}
             */
            phase: "answer" | "clarify" | "plan";
            /** @description the steps of a planned turn, in the writer's words */
            plan: string[] | null;
        };
        ChatStreamEvent: components["schemas"]["ChatStreamDeltaEvent"] | components["schemas"]["ChatStreamReceiptEvent"] | components["schemas"]["ChatStreamRejectionEvent"] | components["schemas"]["ChatStreamStatusEvent"] | components["schemas"]["ChatStreamDoneEvent"] | components["schemas"]["ChatStreamErrorEvent"];
        ChatStreamDeltaEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "delta";
            /** @description more of the answer’s text */
            data: {
                text: string;
            };
        };
        ChatStreamReceiptEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "receipt";
            /** @description a tool run, with its receipt */
            data: {
                receiptId: string;
                status: string;
            };
        };
        ChatStreamRejectionEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "rejection";
            /** @description a tool call refused (it is asked again or the turn ends) */
            data: {
                code: string;
            };
        };
        ChatStreamStatusEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "status";
            /** @description what the turn is doing now */
            data: {
                message: string;
            };
        };
        ChatStreamDoneEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "done";
            data: components["schemas"]["ChatResult"];
        };
        ChatStreamErrorEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "error";
            data: components["schemas"]["StreamError"];
        };
        StreamError: {
            code: components["schemas"]["ErrorCode"];
            message: string;
            status: number;
        };
        ChatRequest: {
            /** @description an empty, blank or unreadable message gets a clarification back, without a model call */
            message: string;
            /** @description default: chief */
            agentId?: string;
            /** @description keeps the turns of one conversation (and their receipts) together */
            sessionId?: string;
            conferenceId?: string;
            /** @description a raw model call: no catalog, protocol or tool loop */
            skipTools?: boolean;
            toolPolicy?: {
                allowedTools?: string[];
                requireTool?: boolean;
            };
            /** @description structured retries after a rejected tool call (default 1, at most 2) */
            retries?: number;
            /** @description answer with server-sent events: delta, receipt, rejection, then done */
            stream?: boolean;
            /**
             * @description switch the session's state at this turn's boundary (it holds for later turns)
             * @enum {string}
             */
            state?: "default" | "conversation" | "action" | "research";
            /** @description a clip uploaded with POST /api/audio for this turn: linked to its trace round both ways */
            audioId?: string;
        };
        ListChatSessionsResponse: {
            sessions: {
                sessionId: string;
                agentId: string;
                turns: number;
                firstMessage: string;
                startedAt: string;
                updatedAt: string;
            }[];
        };
        GetChatSessionResponse: {
            sessionId: string;
            turns: {
                sessionId: string;
                agentId: string;
                message: string;
                at: string;
                result: components["schemas"]["ChatResult"];
            }[];
        };
        /** @description the task_router result plus its receiptId and sessionId */
        RouteRequestResponse: {
            [key: string]: unknown;
        };
        RouteRequest: {
            user_request: string;
            sessionId?: string;
        };
        Conference: {
            id: string;
            /** @description roster order, the Chief first */
            attendees: string[];
            muted: string[];
            rounds: number;
            cards: {
                [key: string]: "Moderator" | "Participant" | "Abstained" | "Muted";
            };
        };
        CreateConferenceRequest: {
            attendees: string[];
        };
        ConferenceWithTranscript: components["schemas"]["Conference"] & {
            /** @description every round so far */
            transcript: components["schemas"]["ConferenceRoundResult"][];
        };
        ConferenceRoundResult: {
            conferenceId: string;
            round: number;
            /** @description the issue the round was archived as; null when it ended on a notice */
            issueId: string | null;
            toolExecutions: number;
            /** @description receipt ids of phase 1, in execution order */
            receipts: string[];
            /** @description phase 2, in roster order */
            entries: components["schemas"]["ConferenceEntry"][];
            cards: {
                [key: string]: "Moderator" | "Participant" | "Abstained" | "Muted";
            };
            rejections: {
                code: string;
                message: string;
            }[];
            stopHook: string | null;
            traceRoundId: string;
            message: string;
            notice: {
                /** @enum {string} */
                kind: "clarification" | "failure";
                code: string;
                message: string;
                action: string;
            } | null;
            retries?: {
                /** @enum {string} */
                kind: "model" | "output" | "tool";
                code: string;
                target: string;
            }[];
            /** @enum {string} */
            stateIn: "default" | "conversation" | "action" | "research";
            /** @enum {string} */
            stateOut: "default" | "conversation" | "action" | "research";
            audioId: string | null;
        };
        ConferenceEntry: {
            agentId: string;
            /** @enum {string} */
            status: "responded" | "abstained" | "rejected" | "muted";
            content: string | null;
            evidence: string | null;
            /** @description EvidenceReport: the one evidence report, from the validator to the screen */
            report: {
                /** @description true when every check passed: the reply may be shown as verified */
                ok: boolean;
                /** @description the evidence line as written */
                line: string | null;
                /** @enum {string|null} */
                type: "content" | "structural" | "absence" | null;
                sources: {
                    path: string;
                    lines?: {
                        start: number;
                        end: number;
                    };
                    section?: string;
                }[];
                quotes: string[];
                receipts: string[];
                /** @description each verified quote with the file, lines and character offsets where it was found */
                locations: {
                    quote: string;
                    path: string;
                    startLine: number;
                    endLine: number;
                    start: number;
                    end: number;
                }[];
                /** @description for an absence claim: the files searched */
                searched: string[];
                /** @description for an absence claim: where its term occurs after all */
                absenceHits: {
                    term: string;
                    path: string;
                    line: number;
                }[];
                issues: {
                    /** @enum {string} */
                    code: "evidence_missing" | "evidence_multiple" | "evidence_invalid" | "quote_not_found" | "source_not_found" | "structural_ref_missing" | "absence_scope_missing" | "receipt_unknown" | "source_role_mismatch" | "cot_leak" | "tool_syntax" | "absence_contradicted" | "quote_out_of_context" | "receipt_source_mismatch";
                    message: string;
                    span: {
                        start: number;
                        end: number;
                    } | null;
                }[];
            } | null;
            issues: {
                code: string;
                message: string;
                /** @description UTF-16 offsets into the reply, end exclusive */
                span: {
                    start: number;
                    end: number;
                } | null;
            }[];
            retried: boolean;
        };
        AddConferenceAttendeeRequest: {
            agentId: string;
        };
        ConferenceAttendeeUpdate: {
            muted: boolean;
        };
        ConferenceRoundStreamEvent: components["schemas"]["ConferenceRoundStreamPhaseEvent"] | components["schemas"]["ConferenceRoundStreamReceiptEvent"] | components["schemas"]["ConferenceRoundStreamEntryEvent"] | components["schemas"]["ConferenceRoundStreamClosedEvent"] | components["schemas"]["ConferenceRoundStreamDoneEvent"] | components["schemas"]["ConferenceRoundStreamErrorEvent"];
        ConferenceRoundStreamPhaseEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "phase";
            /** @description phase 1 (the Chief’s lookups) begins, or phase 2 (each agent in turn) with what phase 1 found */
            data: {
                phase: 1 | 2;
                conferenceId?: string;
                receipts?: string[];
                toolExecutions?: number;
                rejections?: unknown[];
            } & {
                [key: string]: unknown;
            };
        };
        ConferenceRoundStreamReceiptEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "receipt";
            /** @description a tool run of phase 1, with its receipt */
            data: {
                receiptId: string;
                toolId: string;
                status: string;
            };
        };
        ConferenceRoundStreamEntryEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "entry";
            /** @description one agent’s entry and its card state after it */
            data: components["schemas"]["ConferenceEntry"] & {
                /** @enum {string} */
                card?: "Moderator" | "Participant" | "Abstained" | "Muted";
            };
        };
        ConferenceRoundStreamClosedEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "closed";
            /** @description the round is archived (and the issue it was filed as) */
            data: {
                round: number;
                issueId: string | null;
            };
        };
        ConferenceRoundStreamDoneEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "done";
            data: components["schemas"]["ConferenceRoundResult"];
        };
        ConferenceRoundStreamErrorEvent: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            event: "error";
            data: components["schemas"]["StreamError"];
        };
        ConferenceRoundRequest: {
            /** @description an empty, blank or unreadable message gets a clarification back, without a model call */
            message: string;
            stream?: boolean;
            /** @description as for chat: the tools phase 1 may use, and whether a call is required (then the envelope schema is sent) */
            toolPolicy?: {
                allowedTools?: string[];
                requireTool?: boolean;
            };
            /**
             * @description switch the conference's state at this round's boundary (it holds for later rounds)
             * @enum {string}
             */
            state?: "default" | "conversation" | "action" | "research";
            /** @description a clip uploaded with POST /api/audio for this round: linked to its trace round both ways */
            audioId?: string;
        };
        ConversationStateView: {
            /** @description a 1:1 chat session id or a conference id */
            conversationId: string;
            /**
             * @description the state rounds run in now
             * @enum {string}
             */
            state: "default" | "conversation" | "action" | "research";
            /**
             * @description a change asked for, applied at the next round boundary
             * @enum {string|null}
             */
            pending: "default" | "conversation" | "action" | "research" | null;
            /** @description true while a round runs: a change then waits for its end */
            roundOpen: boolean;
            cue: {
                /** @enum {string} */
                state: "default" | "conversation" | "action" | "research";
                label: string;
                icon: string;
                /** @description what the state changes about a round */
                description: string;
            };
            /** @description every state, with its cue */
            states: {
                /** @enum {string} */
                state: "default" | "conversation" | "action" | "research";
                label: string;
                icon: string;
                /** @description what the state changes about a round */
                description: string;
            }[];
        };
        SetConversationStateRequest: {
            /** @enum {string} */
            state: "default" | "conversation" | "action" | "research";
        };
        GetFeatureFlagsResponse: {
            file: string;
            flags: {
                /** @description Each re-sent model call (a retry after a transient failure, or the fallback) gets its own llm.request trace event. */
                traceRetryAttempts: boolean;
                /** @description A markdown log per conference (.control-room/conference-logs/<id>.md) with each round’s transcript and the raw model calls. */
                conferenceLog: boolean;
                /** @description Refused tool calls and failed evidence of 1:1 chat turns are counted in telemetry, as conference rounds are. */
                chatTelemetry: boolean;
                /** @description Empty, blank, symbol-only and keyboard-mash messages get a clarification without a model call. */
                inputFilter: boolean;
                /** @description Expired, unpinned audio clips are removed when the server starts and once a day while it runs. */
                audioRetention: boolean;
                /**
                 * @description Where a cascade profile reads tool calls: all (native, then text), tools-only (native only), text-only (no native tools offered).
                 * @enum {string}
                 */
                cascadeChannels: "all" | "tools-only" | "text-only";
            };
            list: {
                name: string;
                value: boolean | ("all" | "tools-only" | "text-only");
                default: boolean | ("all" | "tools-only" | "text-only");
                /**
                 * @description where the value came from: the environment wins over the file
                 * @enum {string}
                 */
                source: "default" | "config" | "environment";
                /** @description the variable that sets it */
                environment: string;
                description: string;
            }[];
        };
        NotificationList: {
            /** @description newest first */
            notifications: components["schemas"]["Notification"][];
            /** @description how many are not dismissed */
            waiting: number;
        };
        Notification: {
            id: string;
            /** @enum {string} */
            kind: "confirmation" | "clarification" | "run_finished" | "import_finished";
            key: string;
            title: string;
            detail: string;
            link: {
                screen: string;
                id: string | null;
            } | null;
            created_at: string;
            dismissed_at: string | null;
        };
        DismissedNotification: {
            notification: components["schemas"]["Notification"];
        };
        DismissNotificationsRequest: Record<string, never>;
        DismissedNotifications: {
            dismissed: number;
        };
        ChatIssueCreated: {
            issueId: string;
            title: string;
            /** @description receipts linked into the issue’s audit folder */
            receipts: number;
        };
        ChatIssueRequest: {
            /** @description default: the agent and the first message */
            title?: string;
        };
        ListIssuesResponse: {
            issues: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                title: string;
                body: string;
                /** @enum {string} */
                status: "open" | "closed";
                /** @enum {string} */
                priority: "low" | "normal" | "high" | "urgent";
                tags: string[];
                assignedTo: string | null;
                personalTags: {
                    [key: string]: string[];
                };
                interestLevel: number;
                receiptIds: string[];
                sessionId: string | null;
                createdAt: string;
                updatedAt: string;
                /** @description the round's question for an archived conference turn, else the title */
                headline: string;
            }[];
        };
        GetIssueResponse: {
            issue: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                title: string;
                body: string;
                /** @enum {string} */
                status: "open" | "closed";
                /** @enum {string} */
                priority: "low" | "normal" | "high" | "urgent";
                tags: string[];
                assignedTo: string | null;
                personalTags: {
                    [key: string]: string[];
                };
                interestLevel: number;
                receiptIds: string[];
                sessionId: string | null;
                createdAt: string;
                updatedAt: string;
            };
            /** @description the round's question for an archived conference turn, else the title */
            headline: string;
            /** @description the continuity finding it was filed for (what "intentional" marks), else null */
            finding: {
                kind: string;
                path: string;
                line: number;
                quote: string;
            } | null;
            receipts: components["schemas"]["VerifiedReceipt"][];
        };
        VerifiedReceipt: {
            /** @enum {number} */
            schema_version: 1;
            receipt_id: string;
            conference_id: string | null;
            task_id: string | null;
            session_id: string;
            turn_id: string;
            agent_id: string;
            tool_id: string;
            /** @enum {string} */
            status: "ok" | "tool_error" | "unknown_tool";
            inputs: {
                [key: string]: unknown;
            };
            outputs?: unknown;
            excerpt?: string;
            sha256?: string;
            full_size?: number;
            outputs_sha256?: string;
            truncated: boolean;
            file_refs: {
                path: string;
                start_line: number;
                end_line: number;
                sha256: string;
            }[];
            timestamp: string;
            prev_hash: string | null;
            /** @enum {string} */
            signature_alg: "HMAC-SHA256";
            signature: string;
            ed25519_signature?: string;
            verified: boolean;
        };
        SetIssueStatusResponse: {
            issue: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                title: string;
                body: string;
                /** @enum {string} */
                status: "open" | "closed";
                /** @enum {string} */
                priority: "low" | "normal" | "high" | "urgent";
                tags: string[];
                assignedTo: string | null;
                personalTags: {
                    [key: string]: string[];
                };
                interestLevel: number;
                receiptIds: string[];
                sessionId: string | null;
                createdAt: string;
                updatedAt: string;
                /** @description the round's question for an archived conference turn, else the title */
                headline: string;
            };
            /** @description the close command's task (null for a reopen or no change) */
            task: components["schemas"]["TaskOutcome"] | null;
        };
        TaskOutcome: {
            /** @enum {string} */
            status: "awaiting_confirmation" | "applied" | "partial" | "invalid" | "refused" | "failed" | "undone";
            taskId: string;
            conversationId: string;
            summary: string;
            level: number | null;
            confirmationId: string | null;
            /** @description the confirmation the task waits for */
            confirmation: {
                confirmationId: string;
                level: 3 | 4;
                required: 1 | 2;
                received: number;
                prompt: string;
                /** @description what the next acceptance must carry (the second acceptance of a level-4 request) */
                stepToken: string | null;
            } | null;
            undoAvailable: boolean;
            receipts: string[];
            stopHook: string | null;
            traceRoundId: string;
        } & {
            [key: string]: unknown;
        };
        SetIssueStatusRequest: {
            /** @enum {string} */
            status: "open" | "closed";
        };
        MarkIssueFindingIntentionalResponse: {
            issue: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                title: string;
                body: string;
                /** @enum {string} */
                status: "open" | "closed";
                /** @enum {string} */
                priority: "low" | "normal" | "high" | "urgent";
                tags: string[];
                assignedTo: string | null;
                personalTags: {
                    [key: string]: string[];
                };
                interestLevel: number;
                receiptIds: string[];
                sessionId: string | null;
                createdAt: string;
                updatedAt: string;
                /** @description the round's question for an archived conference turn, else the title */
                headline: string;
            };
            finding: {
                id: string;
                kind: string;
                path: string;
                line: number;
                quote: string;
            };
        };
        MarkIssueFindingIntentionalRequest: {
            /** @description why it is intentional */
            note?: string;
        };
        ListAuditSessionsResponse: {
            sessions: string[];
        };
        ExportSessionReceiptsResponse: {
            receipts: components["schemas"]["VerifiedReceipt"][];
        };
        LinkReceiptsToIssueResponse: {
            linked: number;
            file: string;
        };
        LinkReceiptsToIssueRequest: {
            issueId: string;
            receiptIds?: string[];
        };
        VerifyAuditResponse: {
            ok: boolean;
            sessions: number;
            receipts: number;
            /** @description the first line that failed, else null */
            firstBad: {
                file: string;
                line: number;
                reason: string;
            } | null;
        };
        GetAuditKeyResponse: {
            /** @enum {string} */
            algorithm: "Ed25519";
            fingerprint: string;
            fingerprintGrouped: string;
            publicKeyPem: string;
        };
        Telemetry: {
            totals: {
                evidence_invalid: number;
                quote_not_found: number;
                tool_syntax: number;
                cot_leak: number;
                format_error: number;
                absence_contradicted: number;
                quote_out_of_context: number;
                receipt_source_mismatch: number;
            };
            agents: {
                [key: string]: {
                    evidence_invalid: number;
                    quote_not_found: number;
                    tool_syntax: number;
                    cot_leak: number;
                    format_error: number;
                    absence_contradicted: number;
                    quote_out_of_context: number;
                    receipt_source_mismatch: number;
                };
            };
            conferences: {
                [key: string]: {
                    evidence_invalid: number;
                    quote_not_found: number;
                    tool_syntax: number;
                    cot_leak: number;
                    format_error: number;
                    absence_contradicted: number;
                    quote_out_of_context: number;
                    receipt_source_mismatch: number;
                };
            };
            sessions: {
                [key: string]: {
                    evidence_invalid: number;
                    quote_not_found: number;
                    tool_syntax: number;
                    cot_leak: number;
                    format_error: number;
                    absence_contradicted: number;
                    quote_out_of_context: number;
                    receipt_source_mismatch: number;
                };
            };
            codes: {
                [key: string]: {
                    [key: string]: number;
                };
            };
            updatedAt: string | null;
        };
        ConferenceTelemetryCounted: {
            counted: {
                bucket: string;
                codes: string[];
            }[];
            /** @description codes no bucket counts */
            ignored: string[];
        };
        ConferenceTelemetryReport: {
            conferenceId: string;
            agentId: string;
            /** @description the issue or rejection codes of one failed reply */
            codes: string[];
        };
        ChannelMetrics: {
            rounds: number;
            channels: {
                tool: {
                    accepted: number;
                    rejected: number;
                    /** @description accepted / (accepted + rejected) */
                    successRate: number | null;
                    /** @description refusals for a reply that was not one well-formed JSON object */
                    jsonParseErrors: number;
                    fallbacks: number;
                    /** @description model replies answered by the fallback model */
                    fallbackRate: number | null;
                    retries: number;
                    replies: number;
                    latencyMs: {
                        p50: number | null;
                        p95: number | null;
                        p99: number | null;
                    };
                };
                json: {
                    accepted: number;
                    rejected: number;
                    /** @description accepted / (accepted + rejected) */
                    successRate: number | null;
                    /** @description refusals for a reply that was not one well-formed JSON object */
                    jsonParseErrors: number;
                    fallbacks: number;
                    /** @description model replies answered by the fallback model */
                    fallbackRate: number | null;
                    retries: number;
                    replies: number;
                    latencyMs: {
                        p50: number | null;
                        p95: number | null;
                        p99: number | null;
                    };
                };
                text: {
                    accepted: number;
                    rejected: number;
                    /** @description accepted / (accepted + rejected) */
                    successRate: number | null;
                    /** @description refusals for a reply that was not one well-formed JSON object */
                    jsonParseErrors: number;
                    fallbacks: number;
                    /** @description model replies answered by the fallback model */
                    fallbackRate: number | null;
                    retries: number;
                    replies: number;
                    latencyMs: {
                        p50: number | null;
                        p95: number | null;
                        p99: number | null;
                    };
                };
            };
            models: {
                [key: string]: {
                    accepted: number;
                    rejected: number;
                    /** @description accepted / (accepted + rejected) */
                    successRate: number | null;
                    /** @description refusals for a reply that was not one well-formed JSON object */
                    jsonParseErrors: number;
                    fallbacks: number;
                    /** @description model replies answered by the fallback model */
                    fallbackRate: number | null;
                    retries: number;
                    replies: number;
                    latencyMs: {
                        p50: number | null;
                        p95: number | null;
                        p99: number | null;
                    };
                };
            };
        };
        ListTraceRoundsResponse: {
            rounds: {
                schema_version: number;
                library_id: string;
                bucket_id: string;
                conversation_id: string;
                round_id: string;
                round_seq: number;
                /** @enum {string} */
                state_in: "default" | "conversation" | "action" | "research";
                /** @enum {string|null} */
                state_out: "default" | "conversation" | "action" | "research" | null;
                audio_id: string | null;
                created_at: string;
                /** @enum {string} */
                status: "open" | "ok" | "partial" | "failed";
                failure_code: string | null;
                failure_reason: string | null;
            }[];
        };
        GetTraceRoundResponse: {
            round: {
                schema_version: number;
                library_id: string;
                bucket_id: string;
                conversation_id: string;
                round_id: string;
                round_seq: number;
                /** @enum {string} */
                state_in: "default" | "conversation" | "action" | "research";
                /** @enum {string|null} */
                state_out: "default" | "conversation" | "action" | "research" | null;
                audio_id: string | null;
                created_at: string;
                /** @enum {string} */
                status: "open" | "ok" | "partial" | "failed";
                failure_code: string | null;
                failure_reason: string | null;
            };
            events: {
                schema_version: number;
                round_id: string;
                event_seq: number;
                /** @enum {string} */
                event_type: "input.received" | "input.normalized" | "route.selected" | "validator.ran" | "llm.request" | "llm.response" | "tool.request" | "tool.response" | "job.enqueued" | "job.progress" | "job.result" | "confirm.requested" | "confirm.received" | "command.executed" | "command.reversed" | "output.emitted" | "round.failed";
                call_id: string | null;
                timestamp: string;
                payload: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "ok" | "failed" | "skipped";
                failure_code: string | null;
                failure_reason: string | null;
            }[];
        };
        ListMemoryBucketsResponse: {
            buckets: {
                bucket_id: string;
                item_count: number;
                pinned_count: number;
                last_updated: string;
                register_summary: string;
            }[];
        };
        SearchMemoryResponse: {
            hits: {
                item: {
                    schema_version: number;
                    item_id: string;
                    bucket_id: string;
                    pinned: boolean;
                    content: string;
                    metadata: {
                        refs: {
                            paths: string[];
                            receipt_ids: string[];
                            excerpts: string[];
                        };
                        /** @enum {string} */
                        source: "user" | "agent" | "system";
                        topic_hits: number;
                        citations: number;
                    };
                    created_at: string;
                    last_updated: string;
                    /** @description weighted topic hits and citations */
                    reference_score: number;
                    /** @description 1 when just written, halving every 7 days */
                    recency: number;
                    /** @description (1 + reference_score) × recency; pinned notes come first regardless */
                    score: number;
                };
                matched_terms: string[];
            }[];
        };
        ContextPackage: {
            schema_version: number;
            bucket_id: string;
            register_summary: string;
            short_context: string;
            long_context: string | null;
            items: {
                schema_version: number;
                item_id: string;
                bucket_id: string;
                pinned: boolean;
                content: string;
                metadata: {
                    refs: {
                        paths: string[];
                        receipt_ids: string[];
                        excerpts: string[];
                    };
                    /** @enum {string} */
                    source: "user" | "agent" | "system";
                    topic_hits: number;
                    citations: number;
                };
                created_at: string;
                last_updated: string;
                /** @description weighted topic hits and citations */
                reference_score: number;
                /** @description 1 when just written, halving every 7 days */
                recency: number;
                /** @description (1 + reference_score) × recency; pinned notes come first regardless */
                score: number;
            }[];
            item_count: number;
            last_updated: string | null;
            built_at: string;
        };
        AddMemoryItemResponse: {
            item: {
                schema_version: number;
                item_id: string;
                bucket_id: string;
                pinned: boolean;
                content: string;
                metadata: {
                    refs: {
                        paths: string[];
                        receipt_ids: string[];
                        excerpts: string[];
                    };
                    /** @enum {string} */
                    source: "user" | "agent" | "system";
                    topic_hits: number;
                    citations: number;
                };
                created_at: string;
                last_updated: string;
                /** @description weighted topic hits and citations */
                reference_score: number;
                /** @description 1 when just written, halving every 7 days */
                recency: number;
                /** @description (1 + reference_score) × recency; pinned notes come first regardless */
                score: number;
            };
        };
        NewMemoryItem: {
            content: string;
            pinned?: boolean;
            /** @description VFS paths (a reply citing one raises the note), receipt ids, excerpts */
            refs?: {
                paths?: string[];
                receipt_ids?: string[];
                excerpts?: string[];
            };
            /**
             * @description default user
             * @enum {string}
             */
            source?: "user" | "agent" | "system";
        };
        PinMemoryItemResponse: {
            item: {
                schema_version: number;
                item_id: string;
                bucket_id: string;
                pinned: boolean;
                content: string;
                metadata: {
                    refs: {
                        paths: string[];
                        receipt_ids: string[];
                        excerpts: string[];
                    };
                    /** @enum {string} */
                    source: "user" | "agent" | "system";
                    topic_hits: number;
                    citations: number;
                };
                created_at: string;
                last_updated: string;
                /** @description weighted topic hits and citations */
                reference_score: number;
                /** @description 1 when just written, halving every 7 days */
                recency: number;
                /** @description (1 + reference_score) × recency; pinned notes come first regardless */
                score: number;
            };
        };
        PinMemoryItemRequest: {
            /** @description default true */
            pinned?: boolean;
        };
        UploadAudioResponse: {
            artifact: {
                schema_version: number;
                audio_id: string;
                path: string;
                sha256: string;
                size_bytes: number;
                /** @enum {string} */
                container: "wav" | "ogg" | "flac" | "mp3" | "webm" | "mp4";
                codec: string;
                mime_type: string;
                sample_rate: number | null;
                channels: number | null;
                duration_ms: number | null;
                rms_preview: number[] | null;
                created_at: string;
                retention_ttl: string;
                expires_at: string;
                pinned: boolean;
                round_id: string | null;
            };
        };
        ListAudioClipsResponse: {
            clips: {
                schema_version: number;
                audio_id: string;
                path: string;
                sha256: string;
                size_bytes: number;
                /** @enum {string} */
                container: "wav" | "ogg" | "flac" | "mp3" | "webm" | "mp4";
                codec: string;
                mime_type: string;
                sample_rate: number | null;
                channels: number | null;
                duration_ms: number | null;
                rms_preview: number[] | null;
                created_at: string;
                retention_ttl: string;
                expires_at: string;
                pinned: boolean;
                round_id: string | null;
            }[];
        };
        GetAudioRetentionResponse: {
            /** @description false when the audioRetention feature flag is off */
            enabled: boolean;
            intervalMs: number | null;
            runs: number;
            lastRunAt: string | null;
            lastError: string | null;
            /** @description AudioPruneReport (src/protocol/audio.ts) */
            lastReport: {
                [key: string]: unknown;
            } | null;
        };
        GetAudioClipResponse: {
            artifact: {
                schema_version: number;
                audio_id: string;
                path: string;
                sha256: string;
                size_bytes: number;
                /** @enum {string} */
                container: "wav" | "ogg" | "flac" | "mp3" | "webm" | "mp4";
                codec: string;
                mime_type: string;
                sample_rate: number | null;
                channels: number | null;
                duration_ms: number | null;
                rms_preview: number[] | null;
                created_at: string;
                retention_ttl: string;
                expires_at: string;
                pinned: boolean;
                round_id: string | null;
            };
        };
        PinAudioClipResponse: {
            artifact: {
                schema_version: number;
                audio_id: string;
                path: string;
                sha256: string;
                size_bytes: number;
                /** @enum {string} */
                container: "wav" | "ogg" | "flac" | "mp3" | "webm" | "mp4";
                codec: string;
                mime_type: string;
                sample_rate: number | null;
                channels: number | null;
                duration_ms: number | null;
                rms_preview: number[] | null;
                created_at: string;
                retention_ttl: string;
                expires_at: string;
                pinned: boolean;
                round_id: string | null;
            };
        };
        PinAudioClipRequest: {
            /** @description default true */
            pinned?: boolean;
        };
        BuildCanonIndexRequest: {
            /**
             * @description auto (default): the model when its server answers, else the cards' fields and lore bullets; model: always; deterministic: never
             * @enum {string}
             */
            mode?: "auto" | "model" | "deterministic";
        };
        CanonIndexStatus: {
            /** @enum {string} */
            state: "idle" | "running" | "done" | "failed";
            done: number;
            total: number;
            startedAt: string | null;
            finishedAt: string | null;
            facts: number;
            /** @enum {string|null} */
            mode: "model" | "deterministic" | null;
            error?: {
                code: string;
                message: string;
            };
        };
        ListCanonFactsResponse: {
            facts: {
                /** @enum {string} */
                section: "Characters" | "Places" | "Lore" | "Timeline" | "Scenes";
                subject: string;
                attribute: string;
                value: string;
                /** @description the file that states the fact */
                path: string;
                /** @description first line of its quote (1-based) */
                line: number;
                endLine: number;
            }[];
        };
        StartRunResponse: {
            run: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                recipe: {
                    id: string;
                    name: string;
                    /** @enum {string} */
                    origin: "bundled" | "project";
                };
                args: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "interrupted";
                progress: {
                    done: number;
                    total: number;
                    step: string | null;
                    item: string | null;
                };
                createdAt: string;
                startedAt: string | null;
                finishedAt: string | null;
                updatedAt: string;
                runner: {
                    pid: number;
                    host: string;
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
                summary: {
                    receipts: number;
                    findings: {
                        error: number;
                        warning: number;
                        info: number;
                    };
                    issues: string[];
                };
            };
        };
        StartRunRequest: {
            /** @description recipe id, e.g. continuity-pass */
            recipe: string;
            /** @description the recipe's arguments */
            args?: {
                [key: string]: unknown;
            };
        };
        ListRunsResponse: {
            runs: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                recipe: {
                    id: string;
                    name: string;
                    /** @enum {string} */
                    origin: "bundled" | "project";
                };
                args: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "interrupted";
                progress: {
                    done: number;
                    total: number;
                    step: string | null;
                    item: string | null;
                };
                createdAt: string;
                startedAt: string | null;
                finishedAt: string | null;
                updatedAt: string;
                runner: {
                    pid: number;
                    host: string;
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
                summary: {
                    receipts: number;
                    findings: {
                        error: number;
                        warning: number;
                        info: number;
                    };
                    issues: string[];
                };
            }[];
        };
        ListRecipesResponse: {
            recipes: {
                id: string;
                name: string;
                description: string;
                /** @enum {string} */
                origin: "bundled" | "project";
                file: string;
                steps: number;
            }[];
        };
        RunWithSteps: {
            run: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                recipe: {
                    id: string;
                    name: string;
                    /** @enum {string} */
                    origin: "bundled" | "project";
                };
                args: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "interrupted";
                progress: {
                    done: number;
                    total: number;
                    step: string | null;
                    item: string | null;
                };
                createdAt: string;
                startedAt: string | null;
                finishedAt: string | null;
                updatedAt: string;
                runner: {
                    pid: number;
                    host: string;
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
                summary: {
                    receipts: number;
                    findings: {
                        error: number;
                        warning: number;
                        info: number;
                    };
                    issues: string[];
                };
            };
            steps: {
                /** @enum {number} */
                schema_version: 1;
                seq: number;
                at: string;
                /** @enum {string} */
                event: "run-start" | "step-start" | "step-finish" | "run-finish" | "run-cancelled" | "run-failed" | "run-interrupted";
                step: string | null;
                item: string | null;
                done: number;
                /** @enum {string} */
                status?: "ok" | "tool_error" | "unknown_tool" | "failed" | "cancelled";
                receiptIds?: string[];
                summary?: {
                    [key: string]: unknown;
                };
                error?: {
                    code: string;
                    message: string;
                };
            }[];
        };
        ListRunStepsResponse: {
            steps: {
                /** @enum {number} */
                schema_version: 1;
                seq: number;
                at: string;
                /** @enum {string} */
                event: "run-start" | "step-start" | "step-finish" | "run-finish" | "run-cancelled" | "run-failed" | "run-interrupted";
                step: string | null;
                item: string | null;
                done: number;
                /** @enum {string} */
                status?: "ok" | "tool_error" | "unknown_tool" | "failed" | "cancelled";
                receiptIds?: string[];
                summary?: {
                    [key: string]: unknown;
                };
                error?: {
                    code: string;
                    message: string;
                };
            }[];
        };
        GetRunCacheSlotResponse: {
            slot: string;
            entries: {
                step: string;
                item: string | null;
                status: string;
                receiptId: string | null;
                result?: unknown;
            }[];
        };
        CancelRunResponse: {
            run: {
                /** @enum {number} */
                schema_version: 1;
                id: string;
                recipe: {
                    id: string;
                    name: string;
                    /** @enum {string} */
                    origin: "bundled" | "project";
                };
                args: {
                    [key: string]: unknown;
                };
                /** @enum {string} */
                status: "queued" | "running" | "succeeded" | "failed" | "cancelled" | "interrupted";
                progress: {
                    done: number;
                    total: number;
                    step: string | null;
                    item: string | null;
                };
                createdAt: string;
                startedAt: string | null;
                finishedAt: string | null;
                updatedAt: string;
                runner: {
                    pid: number;
                    host: string;
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
                summary: {
                    receipts: number;
                    findings: {
                        error: number;
                        warning: number;
                        info: number;
                    };
                    issues: string[];
                };
            };
        };
        ExecuteTaskRequest: {
            /** @description what should change in the manuscript */
            goal: string;
            /** @description the conversation the task belongs to (default: tasks) */
            conversationId?: string;
            /**
             * @description ask for a conversation state; it applies from this round (a boundary)
             * @enum {string}
             */
            state?: "default" | "conversation" | "action" | "research";
        };
        ListTasksResponse: {
            tasks: components["schemas"]["TaskRecord"][];
        };
        TaskRecord: {
            /** @enum {number} */
            schema_version: 1;
            task_id: string;
            goal: string;
            conversation_id: string;
            /** @enum {string} */
            status: "awaiting_confirmation" | "applied" | "partial" | "invalid" | "refused" | "failed" | "undone";
            plan: {
                summary: string;
                risks?: string[];
                actor_hints?: string[];
                batch: ({
                    /** @enum {string} */
                    op: "file.write";
                    params: {
                        path: string;
                        content: string;
                    };
                    id?: string;
                    idempotencyKey?: string;
                } | {
                    /** @enum {string} */
                    op: "file.patch";
                    params: {
                        path: string;
                        find: string;
                        replace: string;
                    };
                    id?: string;
                    idempotencyKey?: string;
                } | {
                    /** @enum {string} */
                    op: "file.delete";
                    params: {
                        path: string;
                    };
                    id?: string;
                    idempotencyKey?: string;
                } | {
                    /** @enum {string} */
                    op: "issue.create";
                    params: {
                        title: string;
                        body: string;
                        tags?: string[];
                        /** @enum {string} */
                        priority?: "low" | "normal" | "high" | "urgent";
                    };
                    id?: string;
                    idempotencyKey?: string;
                } | {
                    /** @enum {string} */
                    op: "issue.close";
                    params: {
                        id: string;
                    };
                    id?: string;
                    idempotencyKey?: string;
                } | {
                    /** @enum {string} */
                    op: "canon.rebuild";
                    params: {
                        /** @enum {string} */
                        mode?: "auto" | "model" | "deterministic";
                    };
                    id?: string;
                    idempotencyKey?: string;
                })[];
            } | null;
            batch: ({
                /** @enum {string} */
                op: "file.write";
                params: {
                    path: string;
                    content: string;
                };
                id?: string;
                idempotencyKey?: string;
            } | {
                /** @enum {string} */
                op: "file.patch";
                params: {
                    path: string;
                    find: string;
                    replace: string;
                };
                id?: string;
                idempotencyKey?: string;
            } | {
                /** @enum {string} */
                op: "file.delete";
                params: {
                    path: string;
                };
                id?: string;
                idempotencyKey?: string;
            } | {
                /** @enum {string} */
                op: "issue.create";
                params: {
                    title: string;
                    body: string;
                    tags?: string[];
                    /** @enum {string} */
                    priority?: "low" | "normal" | "high" | "urgent";
                };
                id?: string;
                idempotencyKey?: string;
            } | {
                /** @enum {string} */
                op: "issue.close";
                params: {
                    id: string;
                };
                id?: string;
                idempotencyKey?: string;
            } | {
                /** @enum {string} */
                op: "canon.rebuild";
                params: {
                    /** @enum {string} */
                    mode?: "auto" | "model" | "deterministic";
                };
                id?: string;
                idempotencyKey?: string;
            })[];
            chain: {
                chain_id: string;
                commands: {
                    command_id: string;
                    order: number;
                    auth_level: 1 | 2 | 3 | 4;
                    summary: string;
                    params?: unknown;
                    source_rule?: string;
                }[];
                chain_level: 1 | 2 | 3 | 4;
                macro: string | null;
            } | null;
            level: 1 | 2 | 3 | 4 | null;
            confirmation_id: string | null;
            results: {
                index: number;
                command_id: string;
                /** @enum {string} */
                op: "file.write" | "file.patch" | "file.delete" | "issue.create" | "issue.close" | "canon.rebuild";
                envelope_id: string | null;
                /** @enum {string} */
                status: "applied" | "duplicate" | "undone" | "failed" | "not_run";
                receipt_id: string | null;
                result?: unknown;
                error: {
                    code: string;
                    message: string;
                } | null;
                idempotency_key: string | null;
            }[];
            issues: {
                code: string;
                message: string;
                path: (string | number)[];
            }[];
            channels: {
                /** @enum {string|null} */
                planner: "tool" | "json" | "text" | null;
                /** @enum {string|null} */
                actor: "tool" | "json" | "text" | null;
            };
            undo_available: boolean;
            trace_round_ids: string[];
            created_at: string;
            updated_at: string;
        };
        GetTaskChangesResponse: {
            taskId: string;
            /** @enum {string} */
            status: "awaiting_confirmation" | "applied" | "partial" | "invalid" | "refused" | "failed" | "undone";
            files: {
                /** @description position of the operation in the batch */
                index: number;
                /** @enum {string} */
                op: "file.write" | "file.patch" | "file.delete";
                path: string;
                /** @enum {string} */
                state: "pending" | "applied" | "changed_since" | "undone" | "not_run";
                /** @description the text before (null: no file, or not text) */
                before: string | null;
                /** @description the text after (null: the file is deleted, or not text) */
                after: string | null;
                binary: boolean;
                problem: string | null;
            }[];
        };
        UndoTaskResponse: {
            /** @enum {string} */
            status: "undone";
            taskId: string;
            reversed: {
                index: number;
                commandId: string;
                /** @enum {string} */
                op: "file.write" | "file.patch" | "file.delete" | "issue.create" | "issue.close" | "canon.rebuild";
                path: string | null;
                issueId: string | null;
                receiptId: string;
            }[];
            receipts: string[];
            traceRoundId: string;
        };
        ListConfirmationsResponse: {
            confirmations: {
                /** @enum {number} */
                schema_version: 1;
                confirmation_id: string;
                task_id: string;
                chain_id: string;
                conversation_id: string;
                auth_level: 3 | 4;
                required: 1 | 2;
                summary: string;
                prompt: string;
                /** @enum {string} */
                status: "pending" | "confirmed" | "refused";
                records: {
                    /** @enum {number} */
                    schema_version: 1;
                    confirmation_id: string;
                    chain_id: string;
                    command_id: string | null;
                    auth_level: 1 | 2 | 3 | 4;
                    summary: string;
                    prompt: string;
                    /** @enum {string} */
                    response: "accept" | "refuse";
                    confirmed: boolean;
                    step: number;
                    timestamp: string;
                    /** @enum {string} */
                    channel: "text" | "ui" | "voice";
                    request_id?: string | null;
                }[];
                created_at: string;
                updated_at: string;
            }[];
        };
        ConfirmationAnswer: {
            /** @description true confirms; false refuses (no token needed) */
            accept: boolean;
            /** @description the second acceptance of a level-4 request carries the step token its first acceptance returned (confirmation.stepToken); no other answer carries one */
            stepToken?: string;
            /** @description your id for this answer (or the Idempotency-Key header): sending it again replays the answer */
            requestId?: string;
        };
        ToolRun: {
            tool: string;
            /** @description ok, or tool_error / unknown_tool */
            status: string;
            receiptId: string;
            sessionId: string;
            /** @description the tool's result (or its error) */
            result?: unknown;
        };
        RunToolRequest: {
            /** @description the tool's arguments (its schema is in the catalog) */
            args: {
                [key: string]: unknown;
            };
            /** @description the session the receipt belongs to (default: ui-<date>) */
            sessionId?: string;
        };
        BookTimeline: {
            chapters: {
                position: number;
                path: string;
                title: string;
                /** @description the outline's day, else the front matter's, else the first day the prose names */
                day: number | null;
                part: string | null;
                /** @description every statement of the day, with its line */
                marks: {
                    /** @enum {string} */
                    source: "outline" | "front_matter" | "prose" | "timeline_note";
                    day: number;
                    part: string | null;
                    text: string;
                    path: string;
                    line: number;
                }[];
                /** @description the statements name more than one day */
                conflict: boolean;
                /** @description earlier than the chapter before it */
                goesBack: boolean;
            }[];
            lastDay: number;
        };
        ImportJobReply: {
            job: {
                job_id: string;
                name: string;
                /** @enum {string} */
                status: "running" | "done" | "failed";
                files: number;
                bytes: number;
                started_at: string;
                finished_at: string | null;
                progress: {
                    /** @enum {string} */
                    phase: "reading" | "writing";
                    done: number;
                    total: number;
                    current: string | null;
                } | null;
                report: {
                    source: string;
                    /** @enum {string} */
                    format: "folder" | "docx" | "scrivener";
                    workspace: string;
                    items: {
                        origin: string;
                        /** @enum {string} */
                        kind: "chapter" | "outline" | "character" | "place" | "lore";
                        path: string;
                        /** @enum {string} */
                        action: "created" | "updated" | "unchanged" | "moved" | "kept" | "removed";
                        reason: string;
                    }[];
                    skipped: {
                        origin: string;
                        reason: string;
                    }[];
                    counts: {
                        [key: string]: number;
                    };
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
            };
        };
        ImportJobList: {
            jobs: {
                job_id: string;
                name: string;
                /** @enum {string} */
                status: "running" | "done" | "failed";
                files: number;
                bytes: number;
                started_at: string;
                finished_at: string | null;
                progress: {
                    /** @enum {string} */
                    phase: "reading" | "writing";
                    done: number;
                    total: number;
                    current: string | null;
                } | null;
                report: {
                    source: string;
                    /** @enum {string} */
                    format: "folder" | "docx" | "scrivener";
                    workspace: string;
                    items: {
                        origin: string;
                        /** @enum {string} */
                        kind: "chapter" | "outline" | "character" | "place" | "lore";
                        path: string;
                        /** @enum {string} */
                        action: "created" | "updated" | "unchanged" | "moved" | "kept" | "removed";
                        reason: string;
                    }[];
                    skipped: {
                        origin: string;
                        reason: string;
                    }[];
                    counts: {
                        [key: string]: number;
                    };
                } | null;
                error: {
                    code: string;
                    message: string;
                } | null;
            }[];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The server is up */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Health"];
                };
            };
        };
    };
    listAgents: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every agent of the workspace */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAgentsResponse"];
                };
            };
        };
    };
    updateAgent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AgentUpdate"];
            };
        };
        responses: {
            /** @description The agent as it is now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Agent"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getModelSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Each agent’s endpoint and whether it answers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSettings"];
                };
            };
        };
    };
    updateModelSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ModelSettingsUpdate"];
            };
        };
        responses: {
            /** @description The settings as they are now */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelSettings"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listModelServers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every server looked at, reachable or not (configured ones first) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ModelServers"];
                };
            };
        };
    };
    getVfsTree: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The VFS tree */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetVfsTreeResponse"];
                };
            };
        };
    };
    readVfsFile: {
        parameters: {
            query: {
                /** @description VFS path, e.g. Story/Scenes/SCN-01-the-lamp-room.md */
                path: string;
                /** @description first line, 1-based */
                start?: number;
                /** @description last line, inclusive (clamped to the end of the file) */
                end?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file’s text and its sha256 */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VfsFile"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    chatWithAgent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChatRequest"];
            };
        };
        responses: {
            /** @description The answer, its evidence check and the receipts of the lookups made */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatResult"];
                    "text/event-stream": components["schemas"]["ChatStreamEvent"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listChatSessions: {
        parameters: {
            query?: {
                /** @description only sessions with this agent */
                agent?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The sessions */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListChatSessionsResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getChatSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The turns */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetChatSessionResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    routeRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RouteRequest"];
            };
        };
        responses: {
            /** @description The routing */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RouteRequestResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createConference: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateConferenceRequest"];
            };
        };
        responses: {
            /** @description The new conference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conference"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getConference: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conference and its transcript */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConferenceWithTranscript"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    addConferenceAttendee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddConferenceAttendeeRequest"];
            };
        };
        responses: {
            /** @description The conference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conference"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    removeConferenceAttendee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The conference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conference"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    updateConferenceAttendee: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                agentId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConferenceAttendeeUpdate"];
            };
        };
        responses: {
            /** @description The conference */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Conference"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    runConferenceRound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConferenceRoundRequest"];
            };
        };
        responses: {
            /** @description The round: every agent’s entry, the receipts of phase 1 and the archived issue */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConferenceRoundResult"];
                    "text/event-stream": components["schemas"]["ConferenceRoundStreamEvent"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getConversationState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The state */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationStateView"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setConversationState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetConversationStateRequest"];
            };
        };
        responses: {
            /** @description The state, with the change pending */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConversationStateView"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getFeatureFlags: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The flags */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetFeatureFlagsResponse"];
                };
            };
        };
    };
    listNotifications: {
        parameters: {
            query?: {
                /** @description true: dismissed ones too */
                all?: "true" | "false";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The notifications */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationList"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dismissNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DismissNotificationsRequest"];
            };
        };
        responses: {
            /** @description The notification, dismissed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DismissedNotification"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    dismissAllNotifications: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["DismissNotificationsRequest"];
            };
        };
        responses: {
            /** @description How many were dismissed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DismissedNotifications"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    createIssueFromChat: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["ChatIssueRequest"];
            };
        };
        responses: {
            /** @description The issue */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChatIssueCreated"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listIssues: {
        parameters: {
            query?: {
                /** @description default all */
                status?: "open" | "closed" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The issues */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListIssuesResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getIssue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The issue, its headline and its receipts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetIssueResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    setIssueStatus: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["SetIssueStatusRequest"];
            };
        };
        responses: {
            /** @description The issue after the change */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SetIssueStatusResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    markIssueFindingIntentional: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["MarkIssueFindingIntentionalRequest"];
            };
        };
        responses: {
            /** @description The issue, closed and tagged intentional */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MarkIssueFindingIntentionalResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAuditSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Session ids */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAuditSessionsResponse"];
                };
            };
        };
    };
    exportSessionReceipts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The receipts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ExportSessionReceiptsResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listSessionToolReceipts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The raw log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    linkReceiptsToIssue: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LinkReceiptsToIssueRequest"];
            };
        };
        responses: {
            /** @description How many were newly linked, and where */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LinkReceiptsToIssueResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    verifyAudit: {
        parameters: {
            query?: {
                /** @description fingerprint of the key the writer pinned: the log must be signed with exactly that key */
                pubkey?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The report */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["VerifyAuditResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAuditKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The public key and its fingerprint */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAuditKeyResponse"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTelemetry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The counts */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Telemetry"];
                };
            };
        };
    };
    reportConferenceTelemetry: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConferenceTelemetryReport"];
            };
        };
        responses: {
            /** @description What was counted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConferenceTelemetryCounted"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getChannelMetrics: {
        parameters: {
            query?: {
                /** @description the latest rounds to read (default 500) */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The figures over the rounds read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ChannelMetrics"];
                };
            };
        };
    };
    listTraceRounds: {
        parameters: {
            query?: {
                /** @description only this conversation (a chat session or a conference) */
                conversation?: string;
                /** @description default 100 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Round headers */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListTraceRoundsResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTraceRound: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The round */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetTraceRoundResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    exportTraces: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON lines */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/x-ndjson": string;
                };
            };
        };
    };
    listMemoryBuckets: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The buckets */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListMemoryBucketsResponse"];
                };
            };
        };
    };
    searchMemory: {
        parameters: {
            query: {
                q: string;
                /** @description only this bucket */
                bucket?: string;
                /** @description default 20 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The matching notes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SearchMemoryResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getMemoryContext: {
        parameters: {
            query?: {
                /** @description characters for short + long context; no budget, no long context */
                budget?: number | null;
            };
            header?: never;
            path: {
                /** @description e.g. bucket:<conversation_id> */
                bucket: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The context package */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ContextPackage"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    addMemoryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description e.g. bucket:<conversation_id> */
                bucket: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["NewMemoryItem"];
            };
        };
        responses: {
            /** @description The stored note */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AddMemoryItemResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    pinMemoryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PinMemoryItemRequest"];
            };
        };
        responses: {
            /** @description The note */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinMemoryItemResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listAudioClips: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clips */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListAudioClipsResponse"];
                };
            };
        };
    };
    uploadAudio: {
        parameters: {
            query?: {
                /** @description the trace round the clip belongs to */
                round?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description WAV, Ogg (Opus/Vorbis/FLAC), FLAC, MP3, WebM or M4A audio, at most 25 MiB */
        requestBody: {
            content: {
                "application/octet-stream": string;
                "audio/*": string;
                "multipart/form-data": {
                    /** Format: binary */
                    file: string;
                    round_id?: string;
                };
            };
        };
        responses: {
            /** @description The stored clip */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UploadAudioResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAudioRetention: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The cleanup */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAudioRetentionResponse"];
                };
            };
        };
    };
    getAudioClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The clip */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetAudioClipResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getAudioContent: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The audio */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/*": string;
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    pinAudioClip: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["PinAudioClipRequest"];
            };
        };
        responses: {
            /** @description The clip */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PinAudioClipResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    rebuildCanonIndex: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: {
            content: {
                "application/json": components["schemas"]["BuildCanonIndexRequest"];
            };
        };
        responses: {
            /** @description Run at once (only when the authorization table puts canon.rebuild below level 3) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskOutcome"];
                };
            };
            /** @description Waiting for its confirmation: confirmationId names it; nothing was built yet */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskOutcome"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getCanonIndexStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The build status */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CanonIndexStatus"];
                };
            };
        };
    };
    listCanonFacts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The facts (none while the index is a placeholder) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListCanonFactsResponse"];
                };
            };
        };
    };
    listRuns: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The runs */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRunsResponse"];
                };
            };
        };
    };
    startRun: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartRunRequest"];
            };
        };
        responses: {
            /** @description The run, started */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StartRunResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRecipes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRecipesResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RunWithSteps"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listRunSteps: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The step log */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListRunStepsResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getRunCacheSlot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                slot: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The slot */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetRunCacheSlotResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    cancelRun: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The run after the cancel */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CancelRunResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    executeTask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ExecuteTaskRequest"];
            };
        };
        responses: {
            /** @description The plan, the batch, and the results with receipt ids or the pending confirmation */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskOutcome"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The model server answered badly */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The model server could not be reached */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listTasks: {
        parameters: {
            query?: {
                /** @description default 100 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The tasks */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListTasksResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTaskChanges: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file changes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GetTaskChangesResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The task */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskRecord"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    undoTask: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description What was put back */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UndoTaskResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    listConfirmations: {
        parameters: {
            query?: {
                /** @description default pending */
                status?: "pending" | "confirmed" | "refused" | "all";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The confirmations */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ListConfirmationsResponse"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    answerConfirmation: {
        parameters: {
            query?: never;
            header?: {
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConfirmationAnswer"];
            };
        };
        responses: {
            /** @description The task after this answer (replayed: true when it repeated one) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TaskOutcome"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    runTool: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RunToolRequest"];
            };
        };
        responses: {
            /** @description The run with its receipt id */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ToolRun"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getBookTimeline: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The timeline */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["BookTimeline"];
                };
            };
        };
    };
    listImports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The imports */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobList"];
                };
            };
        };
    };
    startImport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description multipart/form-data: for each file a "path" field (its path in the chosen folder, or the .docx name) followed by a "file" field; sent with the X-Control-Room: 1 header */
        requestBody: {
            content: {
                "multipart/form-data": {
                    path: string[];
                    file: string[];
                    /** @description the folder name when the files share no top folder */
                    name?: string;
                };
            };
        };
        responses: {
            /** @description The import, started: poll GET /api/import/{id} */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobReply"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description Conflicts with the current state (e.g. removing the Chief) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description The body is larger than the limit (`payload_too_large`) */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
    getImport: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The import */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportJobReply"];
                };
            };
            /** @description The request is not valid (`invalid_request` with the issues, or a refused path) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
            /** @description No such thing */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ErrorBody"];
                };
            };
        };
    };
}
