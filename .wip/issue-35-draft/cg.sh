#!/usr/bin/env bash
# usage: cg.sh BIN KIND BYTES  -> prints sanitized/raw net of 1-item runs
set -euo pipefail
bin="$1"; kind="$2"; bytes="$3"
d=/tmp/wt35/cg; mkdir -p $d
strip -g -o $d/Benchmarks.stripped "$bin"
B=$d/Benchmarks.stripped
[ -f $d/$kind-$bytes.xml ] || $B --emit $kind $bytes > $d/$kind-$bytes.xml
[ -f $d/$kind-1.xml ] || $B --emit $kind 1 > $d/$kind-1.xml
count() { # child input
  valgrind --tool=callgrind --callgrind-out-file=$d/cg.out.$1.$(basename $2) $B --child $1 65536 < $2 > /dev/null 2> $d/vg.err
  grep -o 'Collected : [0-9]*' $d/vg.err | awk '{print $3}'
}
s=$(count rss $d/$kind-$bytes.xml); s1=$(count rss $d/$kind-1.xml)
r=$(count rss-raw $d/$kind-$bytes.xml); r1=$(count rss-raw $d/$kind-1.xml)
python3 -c "
s,s1,r,r1=$s,$s1,$r,$r1
print('$kind $bytes: sanitized %.2f M / raw %.2f M = %.3fx (gross %d/%d, start-up %d/%d)'%((s-s1)/1e6,(r-r1)/1e6,(s-s1)/(r-r1),s,r,s1,r1))"
