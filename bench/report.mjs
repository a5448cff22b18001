// Turns the JSON lines bench/run.sh collected into one markdown report (stdout), with the issue's targets.
//   BENCH_META='{...}' node report.mjs OUT_DIR
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const meta = JSON.parse(process.env.BENCH_META || '{}');
const read = (name) => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, name + '.json'), 'utf8'));
  } catch {
    return null;
  }
};
const PATHS = ['direct', 'nginx', 'portkey', 'switchboard'];
const NAMES = { direct: 'direct (mock)', nginx: 'nginx', portkey: 'Portkey', switchboard: 'Switchboard' };

const f = (x, d = 3) => (x == null || Number.isNaN(x) ? '–' : x.toFixed(d));
const ms = (us) => (us == null ? null : us / 1000); // wrk reports microseconds
const rps = (j) => (j ? j.requests / (j.duration_us / 1e6) : null);
const int = (x) => (x == null ? '–' : Math.round(x).toLocaleString('en-US'));
const errs = (j) => (j ? j.errors + j.non2xx : null);
const signed = (x, d = 3) => (x == null ? '–' : (x >= 0 ? '+' : '') + x.toFixed(d));

const out = [];
const p = (s = '') => out.push(s);
const targets = [];
const target = (name, goal, measured, met, miss) => targets.push({ name, goal, measured, met, miss });

p(`# Switchboard benchmark — ${meta.date ?? ''}`);
p();
p(`Commit \`${meta.commit}\` · CPU: ${meta.cpu} (${meta.cores} cores) · ${meta.mem} RAM · JDK ${meta.jdk} · ` +
  `nginx ${meta.nginx} · wrk ${meta.wrk} · Node ${meta.node} · Portkey gateway 1.15.2`);
p();
p(`Everything on one machine over 127.0.0.1: the load generator, the mock upstream (a Switchboard \`mock-upstream\`, ` +
  `also a JVM), nginx, Portkey and Switchboard share the same ${meta.cores} cores, so absolute numbers are ` +
  `lower than on separate hosts; the ratios are the point. ${meta.run_s} s per measured load after a ` +
  `${meta.warmup_s} s Switchboard warm-up.${meta.jfr ? ' A JFR recording (profile settings) ran on the gateway during the measurements.' : ''}`);
p();

// ---- non-streaming
const c1 = Object.fromEntries(PATHS.map((k) => [k, read('json-c1-' + k)]));
const c32 = Object.fromEntries(PATHS.map((k) => [k, read('json-c32-' + k)]));
const d1 = c1.direct;
p('## Non-streaming chat completions (latency in ms)');
p();
p('| path | c=1 req/s | c=1 p50 | c=1 p90 | c=1 p99 | added p50 | added p99 | c=32 req/s | c=32 p50 | c=32 p90 | c=32 p99 | errors |');
p('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
for (const k of PATHS) {
  const a = c1[k], b = c32[k];
  const add50 = k === 'direct' || !a ? null : ms(a.p50 - d1.p50);
  const add99 = k === 'direct' || !a ? null : ms(a.p99 - d1.p99);
  p(`| ${NAMES[k]} | ${int(rps(a))} | ${f(ms(a?.p50))} | ${f(ms(a?.p90))} | ${f(ms(a?.p99))} | ${signed(add50)} | ` +
    `${signed(add99)} | ${int(rps(b))} | ${f(ms(b?.p50))} | ${f(ms(b?.p90))} | ${f(ms(b?.p99))} | ` +
    `${int((errs(a) ?? 0) + (errs(b) ?? 0))} |`);
}
const vsNginx = rps(c32.switchboard) / rps(c32.nginx);
const vsPortkey = rps(c32.switchboard) / rps(c32.portkey);
p();
p(`Throughput at c=32: Switchboard / nginx = **${f(vsNginx, 2)}×**, Switchboard / Portkey = **${f(vsPortkey, 2)}×**, ` +
  `Switchboard / direct = ${f(rps(c32.switchboard) / rps(c32.direct), 2)}×.`);
const sbAdd50 = ms(c1.switchboard.p50 - d1.p50), sbAdd99 = ms(c1.switchboard.p99 - d1.p99);
target('added latency p50, c=1', '≤ 0.15 ms', `${f(sbAdd50)} ms`, sbAdd50 <= 0.15, `${f(sbAdd50 - 0.15)} ms over`);
target('added latency p99, c=1', '≤ 1 ms', `${f(sbAdd99)} ms`, sbAdd99 <= 1, `${f(sbAdd99 - 1)} ms over`);
target('throughput c=32 vs nginx', '≥ 0.7×', `${f(vsNginx, 2)}×`, vsNginx >= 0.7, `${f(0.7 - vsNginx, 2)}× short`);
target('throughput c=32 vs Portkey', '≥ 15×', `${f(vsPortkey, 2)}×`, vsPortkey >= 15, `${f(15 - vsPortkey, 2)}× short`);
p();

// ---- streaming
p('## Streaming (20 chunks + usage chunk, 20 ms apart; times in ms)');
p();
p('| path | concurrency | streams | most open at once | errors | first chunk p50 | first chunk p99 | added first chunk p50 | gap p50 | gap p99 | gap p99 − direct |');
p('|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|');
const sse = {};
for (const c of [1, 64, 1000]) {
  sse[c] = Object.fromEntries(PATHS.map((k) => [k, read(`sse-c${c}-${k}`)]));
  const d = sse[c].direct;
  for (const k of PATHS) {
    const s = sse[c][k];
    if (!s) continue;
    const addT = k === 'direct' ? null : s.ttfc_p50 - d.ttfc_p50;
    const addG = k === 'direct' ? null : s.gap_p99 - d.gap_p99;
    const kinds = s.errors ? ` (${Object.entries(s.error_kinds).map(([e, n]) => `${e}: ${n}`).join(', ')})` : '';
    p(`| ${NAMES[k]} | ${c} | ${int(s.streams)} | ${int(s.peak_open)} | ${s.errors}${kinds} | ${f(s.ttfc_p50)} | ${f(s.ttfc_p99)} | ` +
      `${signed(addT)} | ${f(s.gap_p50)} | ${f(s.gap_p99)} | ${signed(addG)} |`);
  }
}
const ttfcAdd = sse[1].switchboard.ttfc_p50 - sse[1].direct.ttfc_p50;
const gapAdd = sse[64].switchboard.gap_p99 - sse[64].direct.gap_p99;
const s1000 = sse[1000].switchboard;
target('added time to first chunk p50, c=1', '≤ 0.5 ms', `${f(ttfcAdd)} ms`, ttfcAdd <= 0.5, `${f(ttfcAdd - 0.5)} ms over`);
target('inter-chunk gap p99 vs direct, c=64', 'within 1 ms', `${signed(gapAdd)} ms`, gapAdd <= 1,
  `${f(gapAdd - 1)} ms over`);
target('1,000 concurrent streams', '0 errors', `${s1000.errors} errors of ${int(s1000.streams)} ` +
  `(at most ${int(s1000.peak_open)} open at once)`, s1000.errors === 0, `${s1000.errors} errors`);
p();
p('The 1,000-stream rows are one wave of 1,000 streams opened at once; a stream that does not end with ' +
  '`[DONE]` within 30 s counts as an error. "Most open at once" counts streams whose 200 had arrived and that had ' +
  'not ended; gaps at c=1,000 are dominated by the load generator itself (events arrive coalesced).');
p();

// ---- memory
const rss = read('rss');
const heap = read('heap');
p('## Memory');
p();
p('| process | RSS idle | RSS after load (idle) | RSS, 1,000 streams requested | streams open then | RSS per open stream |');
p('|---|--:|--:|--:|--:|--:|');
let perStreamSb = null;
const mb = (kb) => (kb == null ? '–' : `${(kb / 1024).toFixed(1)} MB`);
for (const k of ['switchboard', 'nginx', 'portkey']) {
  const h = read('hold-' + k);
  const during = h?.peak_rss_kb;
  const open = h?.open_at_peak_rss;
  const per = during && open ? (during - rss.after[k]) / open : null;
  if (k === 'switchboard') perStreamSb = per;
  p(`| ${NAMES[k]}${k === 'nginx' ? ' (master + workers)' : ''} | ${mb(rss.idle[k])} | ${mb(rss.after[k])} | ` +
    `${mb(during)} | ${int(open)} | ${per == null ? '–' : per.toFixed(1) + ' KB'} |`);
}
p();
p('RSS per open stream = (RSS with the streams open − RSS idle after load) / streams open; for this phase the ' +
  'mock sends a chunk every 200 ms so that the streams stay open while RSS is sampled.');
let heapPer = null;
if (heap && heap.open > 0) {
  heapPer = (heap.with_streams_kb - heap.idle_kb) / heap.open;
  p(`A JVM grows its heap under load and keeps it, so its RSS hardly moves when streams open; the live heap ` +
    `after a full GC says more: ${mb(heap.idle_kb)} without streams, ${mb(heap.with_streams_kb)} with ` +
    `${int(heap.open)} streams open, **${heapPer.toFixed(1)} KB of live heap per open stream**.`);
}
const memPer = Math.max(perStreamSb ?? 0, heapPer ?? 0);
target('memory per in-flight stream', '≤ 30 KB', `RSS ${perStreamSb == null ? '–' : perStreamSb.toFixed(1)} KB, ` +
  `live heap ${heapPer == null ? '–' : heapPer.toFixed(1)} KB`, perStreamSb != null && memPer <= 30,
  `${f(memPer - 30, 1)} KB over`);
p();

// ---- failover
const fo = read('json-c1-failover'), cool = read('json-c1-failover-cooling');
p('## Failover cost (c=1, latency in ms)');
p();
p('| call | req/s | p50 | p99 | p50 over the gateway\'s direct call | p50 over the mock |');
p('|---|--:|--:|--:|--:|--:|');
const sb1 = c1.switchboard;
for (const [label, j] of [
  ['direct call to the healthy model (`m-json`)', sb1],
  ['alias [refusing, healthy], every request tries the refusing target (cooldown 0)', fo],
  ['alias [refusing, healthy], 30 s cooldown (refusing target moved last)', cool],
]) {
  p(`| ${label} | ${int(rps(j))} | ${f(ms(j?.p50))} | ${f(ms(j?.p99))} | ` +
    `${j === sb1 ? '–' : signed(ms(j?.p50 - sb1.p50))} | ${signed(ms(j?.p50 - d1.p50))} |`);
}
const foAdd = ms(fo.p50 - sb1.p50);
target('failover past a refusing target, p50 over a direct call', '≤ 1 ms', `${f(foAdd)} ms`, foAdd <= 1,
  `${f(foAdd - 1)} ms over`);
p();
p('The refusing target is a closed port on 127.0.0.1 (connection refused). With the default cooldown a ' +
  'refused target is skipped for 30 s, so the first row is the worst case: one refused connection per request.');
p();

// ---- ledger
const led = read('ledger'), e2e = read('ledger-e2e');
p('## Ledger (SQLite)');
p();
p('| measure | value |');
p('|---|--:|');
p(`| end to end: rows written for the c=32 run (${int(e2e?.sent)} requests in ${meta.run_s} s, ` +
  `${int(e2e?.sent / meta.run_s)}/s) | ${int(e2e?.rows)}, all written ${e2e?.catch_up_ms} ms after the load ended |`);
p(`| ledger alone: 5,000 attempts/s offered for 4 s — largest queue, queue at the end | ` +
  `${int(led?.max_pending)}, ${int(led?.end_pending)} (${led?.sustained ? 'not growing' : 'growing'}) |`);
p(`| ledger alone: 50,000 attempts enqueued at once, drained at | ${int(led?.capacity_per_s)} attempts/s |`);
const ledOk = led?.sustained && led?.capacity_per_s >= 5000;
target('ledger on SQLite', '≥ 5,000 attempts/s', `${int(led?.capacity_per_s)} attempts/s (5,000/s sustained: ` +
  `${led?.sustained ? 'yes' : 'no'})`, ledOk, 'see above');
p();
p('"Ledger alone" drives the gateway\'s own `LedgerWriter` (200 ms batches of up to 500 rows) into a fresh SQLite ' +
  'file, without HTTP in front, to find its ceiling above what the gateway can feed it on this machine.');
p();

// ---- targets
p('## Targets (issue #6)');
p();
p('| target | goal | measured | met |');
p('|---|---|---|---|');
for (const t of targets) {
  p(`| ${t.name} | ${t.goal} | ${t.measured} | ${t.met ? 'yes' : `**no** (${t.miss})`} |`);
}
p();
process.stdout.write(out.join('\n') + '\n');
