#!/usr/bin/env bash
# Starts scratch Redis and PostgreSQL servers on loopback for the test suite and writes
# their URLs to $1/services.env. Safe to run again: a running server is reused.
set -euo pipefail
out=$1
mkdir -p "$out"
redis_port=6390

if ! redis-cli -p "$redis_port" ping >/dev/null 2>&1; then
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --daemonize yes \
    --logfile "$out/redis.log"
fi
for _ in $(seq 50); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.1; done

pg_version=$(ls /usr/lib/postgresql | sort -V | tail -1)
if ! pg_lsclusters -h | grep -q "^$pg_version *main .*online"; then
  pg_lsclusters -h | grep -q "^$pg_version *main" || pg_createcluster "$pg_version" main >/dev/null
  pg_ctlcluster "$pg_version" main start
fi
pg_port=$(pg_lsclusters -h | awk -v v="$pg_version" '$1 == v && $2 == "main" { print $3 }')
su postgres -c "psql -p $pg_port -qtAc \"SELECT 1 FROM pg_roles WHERE rolname = 'plankeeper'\"" | grep -q 1 ||
  su postgres -c "psql -p $pg_port -qc \"CREATE ROLE plankeeper LOGIN SUPERUSER PASSWORD 'plankeeper'\""
su postgres -c "psql -p $pg_port -qtAc \"SELECT 1 FROM pg_database WHERE datname = 'plankeeper_test'\"" | grep -q 1 ||
  su postgres -c "createdb -p $pg_port -O plankeeper plankeeper_test"

cat > "$out/services.env" <<ENV
export REDIS_URL=redis://127.0.0.1:$redis_port
export DATABASE_URL=postgres://plankeeper:plankeeper@127.0.0.1:$pg_port/plankeeper_test
ENV
echo "Redis on 127.0.0.1:$redis_port, PostgreSQL $pg_version on 127.0.0.1:$pg_port"
