-- wrk script for bench/run.sh: POSTs BENCH_BODY with BENCH_HEADERS ("k: v|k: v") and prints one JSON line
-- with the request count and latency percentiles in microseconds.
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY")
wrk.headers["Content-Type"] = "application/json"
for h in string.gmatch(os.getenv("BENCH_HEADERS") or "", "[^|]+") do
  local k, v = string.match(h, "^%s*([^:]+):%s*(.*)$")
  if k then wrk.headers[k] = v end
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    'WRKJSON {"requests":%d,"duration_us":%d,"errors":%d,"non2xx":%d,"mean":%.2f,"p50":%.2f,"p90":%.2f,"p99":%.2f,"max":%.2f}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, e.status,
    latency.mean, latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max))
end
