// Opens N concurrent SSE chat-completion streams against one URL and reports, as one JSON line:
// time to first chunk (first body bytes), gaps between consecutive SSE events, errors, and (with --pids)
// the RSS of those processes while the most streams were open.
//
//   node stream-client.mjs --url URL --body JSON [--header 'k: v']... --concurrency N
//        [--duration-s S | --streams TOTAL] [--timeout-s T] [--pids 1,2] [--hold]
//
// --duration-s: each of N workers opens streams back to back until S seconds have passed.
// --streams: open exactly TOTAL streams, N at a time (one wave when TOTAL == N).
// Every stream is bounded by --timeout-s (default 30); a stream that does not end with [DONE] is an error.
import http from 'node:http';
import fs from 'node:fs';

const args = process.argv.slice(2);
const opt = { headers: {}, concurrency: 1, timeoutS: 30, pids: [] };
for (let i = 0; i < args.length; i++) {
  const a = args[i];
  const v = () => args[++i];
  if (a === '--url') opt.url = new URL(v());
  else if (a === '--body') opt.body = v();
  else if (a === '--header') { const h = v(); const c = h.indexOf(':'); opt.headers[h.slice(0, c).trim()] = h.slice(c + 1).trim(); }
  else if (a === '--concurrency') opt.concurrency = Number(v());
  else if (a === '--duration-s') opt.durationS = Number(v());
  else if (a === '--streams') opt.streams = Number(v());
  else if (a === '--timeout-s') opt.timeoutS = Number(v());
  else if (a === '--pids') opt.pids = v().split(',').filter(Boolean).map(Number);
  else throw new Error('unknown argument ' + a);
}
if (!opt.url || !opt.body) throw new Error('--url and --body are required');
if (!opt.durationS && !opt.streams) opt.streams = opt.concurrency;

const agent = new http.Agent({ keepAlive: true, maxSockets: opt.concurrency, maxFreeSockets: opt.concurrency });
const body = Buffer.from(opt.body);
const headers = { ...opt.headers, 'content-type': 'application/json', 'content-length': body.length };
const ttfc = [];
const gaps = [];
const errors = {};
let ok = 0;
let started = 0;
let inFlight = 0;
let open = 0; // streams whose 200 headers arrived and that have not ended
let peakOpen = 0;
let peakRss = 0;
let rssOpen = 0;
const now = () => Number(process.hrtime.bigint()) / 1e6; // ms

function rssKb() {
  let sum = 0;
  for (const pid of opt.pids) {
    try {
      const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
      if (m) sum += Number(m[1]);
    } catch { /* gone */ }
  }
  return sum;
}

function fail(kind) {
  errors[kind] = (errors[kind] || 0) + 1;
}

function oneStream() {
  return new Promise((resolve) => {
    const t0 = now();
    let first = true;
    let last = 0;
    let tail = '';
    let done = false;
    let finished = false;
    started++;
    inFlight++;
    let counted = false;
    const end = (err) => {
      if (finished) return;
      finished = true;
      inFlight--;
      if (counted) open--;
      clearTimeout(timer);
      if (err) fail(err); else ok++;
      resolve();
    };
    const req = http.request(opt.url, { method: 'POST', agent, headers }, (res) => {
      if (res.statusCode !== 200) {
        res.resume();
        res.on('end', () => end('status_' + res.statusCode));
        return;
      }
      counted = true;
      if (++open > peakOpen) peakOpen = open;
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        const t = now();
        if (first) {
          first = false;
          ttfc.push(t - t0);
        }
        tail += chunk;
        let i;
        while ((i = tail.indexOf('\n\n')) >= 0) {
          const ev = tail.slice(0, i);
          tail = tail.slice(i + 2);
          if (last) gaps.push(t - last);
          last = t;
          if (ev.includes('[DONE]')) done = true;
        }
      });
      res.on('end', () => end(done ? null : 'no_done'));
      res.on('error', () => end('response_error'));
    });
    const timer = setTimeout(() => { req.destroy(); end('timeout'); }, opt.timeoutS * 1000);
    req.on('error', (e) => end('request_' + (e.code || 'error')));
    req.end(body);
  });
}

let sampler;
if (opt.pids.length) {
  // Sample RSS every 20 ms; keep the sample taken with the most streams open (the highest RSS among those).
  sampler = setInterval(() => {
    if (open > 0 && open >= rssOpen) {
      const r = rssKb();
      if (open > rssOpen || r > peakRss) { peakRss = r; rssOpen = open; }
    }
  }, 20);
}

const tStart = now();
const deadline = opt.durationS ? tStart + opt.durationS * 1000 : Infinity;
let remaining = opt.streams ?? Infinity;
async function worker() {
  while (now() < deadline && remaining > 0) {
    remaining--;
    await oneStream();
  }
}
await Promise.all(Array.from({ length: opt.concurrency }, worker));
const elapsed = now() - tStart;
if (sampler) clearInterval(sampler);
agent.destroy();

function pct(xs, p) {
  if (!xs.length) return null;
  const s = Float64Array.from(xs).sort();
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}
const r3 = (x) => (x == null ? null : Math.round(x * 1000) / 1000);
const nErrors = Object.values(errors).reduce((a, b) => a + b, 0);
console.log(JSON.stringify({
  streams: started, ok, errors: nErrors, error_kinds: errors, elapsed_ms: r3(elapsed),
  peak_open: peakOpen, peak_rss_kb: peakRss || null, open_at_peak_rss: rssOpen || null,
  ttfc_p50: r3(pct(ttfc, 50)), ttfc_p99: r3(pct(ttfc, 99)),
  gap_p50: r3(pct(gaps, 50)), gap_p99: r3(pct(gaps, 99)), gap_count: gaps.length,
}));
