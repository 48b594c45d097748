#!/usr/bin/env bash
# What a request of each kind costs on `mancala serve` (docs/SERVE.md): a server with oware
# tables to 12 stones in a fresh folder, each request sent once (the first) and five times
# more (the median), by curl. Prints a Markdown table. Run from the repository root after
# `cargo build --release`.
set -euo pipefail
M=target/release/mancala
D=$(mktemp -d)
$M tablebase build oware --max-stones 12 --dir "$D" --threads 2 >/dev/null 2>&1
addr=$(mktemp)
$M serve --port 0 --threads 2 --time 10 --tablebases "$D" >"$addr" &
P=$!
trap 'kill $P; rm -rf "$D" "$addr"' EXIT
for _ in $(seq 50); do grep -q http "$addr" && break; sleep 0.1; done
A=$(grep -o 'http://[^/]*' "$addr")
t() { # name method path body: status, the first request, the median of the next five
  first=$(curl -s -o /dev/null -w '%{http_code} %{time_total}' -X "$2" "$A$3" ${4:+-d "$4"})
  med=$(for _ in 1 2 3 4 5; do curl -s -o /dev/null -w '%{time_total}\n' -X "$2" "$A$3" ${4:+-d "$4"}; done | sort -n | sed -n 3p)
  printf "| %s | %s | %.4f | %.4f |\n" "$1" "${first% *}" "${first#* }" "$med"
}
C='"position":"0,0,0,0,0,0/1,1,1,1,2,1 S captured=21,20"'
O='"position":"0,0,2,1,3,0/1,2,0,0,3,0 S captured=18,18"'
echo "| request | status | first, s | median, s |"
echo "| --- | --- | --- | --- |"
t "GET / (the page)" GET / ""
t "GET /api/variants" GET /api/variants ""
t "start warri" POST /api/start '{"variant":"warri"}'
t "moves warri start" POST /api/moves '{"variant":"warri"}'
t "play warri, 20 moves" POST /api/play '{"variant":"warri","moves":["1","1","2","2","3","3","4","4","5","5","6","6","1","1","2","2","3","3","4","4"]}'
t "analyze warri, Humpidge (c) (7 seeds)" POST /api/analyze "{\"variant\":\"warri\",$C}"
t "analyze warri, 15 seeds (Humpidge (a) after)" POST /api/analyze '{"variant":"warri","position":"4,0,0,0,0,0/2,0,0,2,4,3 N captured=22,11"}'
t "analyze oware, 12 seeds (tables folder)" POST /api/analyze "{\"variant\":\"oware\",$O}"
t "analyze warri start, time 2 (not proven)" POST /api/analyze '{"variant":"warri","time":2}'
t "solve warri, Humpidge (c)" POST /api/solve "{\"variant\":\"warri\",$C}"
t "analyze chisolo 4x4, 2 seeds" POST /api/analyze '{"variant":"chisolo","width":4,"seeds":2}'
t "analyze mulabalaba-morris, 3 counters" POST /api/analyze '{"variant":"mulabalaba-morris","counters":3}'
t "probe oware, 12 seeds" POST /api/probe "{\"variant\":\"oware\",$O}"
t "engine alphabeta:depth=8, warri start" POST /api/engine '{"variant":"warri","engine":"alphabeta:depth=8"}'
t "engine mcts:iters=2000, warri start" POST /api/engine '{"variant":"warri","engine":"mcts:iters=2000"}'
t "engine perfect, oware 12 seeds (tables)" POST /api/engine "{\"variant\":\"oware\",\"engine\":\"perfect\",$O}"
t "bad request (400)" POST /api/play '{"variant":"warri","position":"x"}'
