// V8 settings of a server process, imported first by main.ts so they hold before any other code
// runs (whatever launches it: `npm start`, the systemd unit, a test's server process).
//
// Allocation-site pretenuring off. V8 watches where objects are allocated and, when most objects
// of a site outlive their first garbage collection, allocates that site's later objects straight
// in the old generation. Start-up work that keeps much of what it makes (the demo seed, a
// restore, a large import) teaches that to sites the request path shares (promises, ticks,
// stream state). From then on each answer's short-lived objects were reachable from such
// old-generation objects until the next full collection, so every young collection copied
// them: measured on `GET /api/health` after the demo seed, 26% of the young generation survived
// each scavenge (14 MB of 40 MB, 15-30 ms pauses, a mark-compact every 2 s), against 0% in a
// process started on an already seeded database and 0% with this flag. What it costs: objects
// that do live long are copied once more before they reach the old generation.
// Node warns that a flag set after start-up may do nothing or worse; this one is a switch the
// collector reads at each decision, and `npm run bench -- api` measures the process it runs in.
import { setFlagsFromString } from 'node:v8';

setFlagsFromString('--no-allocation-site-pretenuring');
