#!/usr/bin/env bash
# JMH microbenchmarks for the gateway's hot-path pieces (src/test/java/dev/switchboard/bench).
#   bench/jmh.sh                     # all, short config (about 4 minutes)
#   bench/jmh.sh RoutingBenchmark    # a subset (JMH regex), extra JMH flags after it: bench/jmh.sh Sse -prof gc
#   JMH_RUN="-f 2 -wi 5 -i 10" bench/jmh.sh   # a longer run than the default short config
# Needs JDK 25 (JAVA_HOME, else /usr/lib/jvm/*25*). Not part of CI; Surefire never runs these.
set -euo pipefail
ROOT="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")/.." && pwd -P)"
cd "$ROOT"
if [[ -z "${JAVA_HOME:-}" || ! -x "$JAVA_HOME/bin/java" ]] || ! "$JAVA_HOME/bin/java" -version 2>&1 | grep -q 'version "2[5-9]'; then
  for c in /usr/lib/jvm/*25*; do [[ -x "$c/bin/java" ]] && { export JAVA_HOME="$c"; break; }; done
fi
[[ -n "${JAVA_HOME:-}" && -x "$JAVA_HOME/bin/java" ]] || { echo "jmh.sh: no JDK 25 found; set JAVA_HOME" >&2; exit 1; }

CP_FILE=target/jmh.classpath
./mvnw -q -B -DskipTests test-compile dependency:build-classpath \
  -Dmdep.outputFile="$CP_FILE" -Dmdep.includeScope=test >&2
FILTER="${1:-dev.switchboard.bench.}"
shift || true
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED \
  -cp "target/test-classes:target/classes:$(cat "$CP_FILE")" org.openjdk.jmh.Main \
  ${JMH_RUN:--f 1 -wi 3 -w 2s -i 3 -r 2s} "$FILTER" "$@"
