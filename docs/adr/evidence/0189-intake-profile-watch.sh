#!/bin/bash
# Watches a bench run on $DIR: once THRESH posts were claimed, resets the statistics, samples WINDOW seconds
# (perf if PERF=1, /proc CPU of PostgreSQL), then snapshots the statistics into $OUT.
DIR=${DIR:-/work/wt/pg1m-pgprof}
OUT=$1; mkdir -p $OUT
THRESH=${THRESH:-1200}
WINDOW=${WINDOW:-12}
while [ ! -f $DIR/data/postmaster.pid ]; do sleep 0.5; done
sleep 1
PM=$(sed -n 1p $DIR/data/postmaster.pid)
PORT=$(sed -n 4p $DIR/data/postmaster.pid)
PSQL="runuser -u postgres -- psql -h $DIR -p $PORT -U postgres -d postgres -At -q -X"
echo "pm $PM port $PORT" > $OUT/info
pgcpu() { # ticks of the postmaster and its children (alive) + reaped children
  local t=0
  read -r -a f < <(sed 's/^.*) //' /proc/$PM/stat)
  t=$(( ${f[11]} + ${f[12]} + ${f[13]} + ${f[14]} ))
  for p in /proc/[0-9]*; do
    s=$(sed 's/^.*) //' $p/stat 2>/dev/null) || continue
    read -r -a g <<< "$s"
    [ "${g[1]}" = "$PM" ] && t=$(( t + ${g[11]} + ${g[12]} ))
  done
  echo $t
}
while :; do
  n=$($PSQL -c "select coalesce(n_tup_ins,0) from pg_stat_user_tables where relname='intake_requests'" 2>/dev/null)
  [ -n "$n" ] && [ "$n" -ge "$THRESH" ] && break
  sleep 0.3
done
$PSQL -c "select pg_stat_statements_reset(); select pg_stat_reset(); select pg_stat_reset_shared('wal'); select pg_stat_reset_shared('bgwriter');" >/dev/null
[ -n "$AUTOEXPLAIN" ] && $PSQL -c "alter system set auto_explain.log_min_duration=0" -c "select pg_reload_conf()" >/dev/null
c0=$(pgcpu); t0=$(date +%s.%N)
echo "t0 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg)" >> $OUT/info
if [ "$PERF" = 1 ]; then
  if [ -n "$PERFPIDS" ]; then
    pids=$(ps -o pid= --ppid $PM | tr -d ' ' | paste -sd,)
    perf record -o $OUT/perf.data -p $pids ${PERFG:--g} -F ${FREQ:-499} -- sleep $WINDOW 2> $OUT/perf.err
  else
    perf record -o $OUT/perf.data -a ${PERFG:--g} -F ${FREQ:-499} -- sleep $WINDOW 2> $OUT/perf.err
  fi
else
  sleep $WINDOW
fi
c1=$(pgcpu); t1=$(date +%s.%N)
[ -n "$AUTOEXPLAIN" ] && $PSQL -c "alter system reset auto_explain.log_min_duration" -c "select pg_reload_conf()" >/dev/null
sleep 1.1 # stats flush
echo "t1 $(date -u +%T) load $(cut -d' ' -f1 /proc/loadavg) cpu_ticks $((c1-c0)) secs $(echo "$t1 - $t0" | bc)" >> $OUT/info
$PSQL -c "select n_tup_ins from pg_stat_user_tables where relname='intake_requests'" > $OUT/posts
$PSQL -F $'\t' -c "select calls, round(total_exec_time::numeric,1) exec_ms, round(total_plan_time::numeric,1) plan_ms, plans, rows, shared_blks_hit, shared_blks_read, shared_blks_dirtied, shared_blks_written, wal_records, wal_fpi, wal_bytes, toplevel, regexp_replace(left(query, 160), '\s+', ' ', 'g') from pg_stat_statements order by total_exec_time desc limit 60" > $OUT/statements.tsv
$PSQL -F $'\t' -c "select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd, n_tup_del, seq_scan, idx_scan from pg_stat_user_tables where n_tup_ins+n_tup_upd+n_tup_del+seq_scan+coalesce(idx_scan,0) > 0 order by 2 desc" > $OUT/tables.tsv
$PSQL -F $'\t' -c "select relname, indexrelname, idx_scan, idx_tup_read from pg_stat_user_indexes where relname in (select relname from pg_stat_user_tables where n_tup_ins+n_tup_upd > 0) order by 1,2" > $OUT/indexes.tsv
$PSQL -F $'\t' -c "select * from pg_stat_wal" > $OUT/wal.tsv
$PSQL -F $'\t' -c "select * from pg_stat_bgwriter" > $OUT/bgwriter.tsv
$PSQL -F $'\t' -c "select funcname, calls, total_time, self_time from pg_stat_user_functions order by self_time desc" > $OUT/functions.tsv
$PSQL -F $'\t' -c "select relname, heap_blks_read, heap_blks_hit, idx_blks_read, idx_blks_hit, toast_blks_hit from pg_statio_user_tables where heap_blks_hit > 0 order by heap_blks_hit desc limit 30" > $OUT/statio.tsv
echo done >> $OUT/info
