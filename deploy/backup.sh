#!/bin/sh
# The compose stacks' backups (docs/deploy.md, "Backups"), in the container of the `backup`
# service: PostgreSQL's image for compose.yaml (pg_dump, pg_restore), the site's own image for
# compose.sqlite.yaml (npm run backup / npm run restore, as node scripts/…).
#
#   inscricoes-backup nightly        every day at 03:00 UTC: a copy into /backups, and the copies
#                                    older than 14 days deleted (the service's command)
#   inscricoes-backup now            one copy now, the same way
#   inscricoes-backup restore FILE   puts a copy back; the site must be stopped first
#                                    (docker compose stop app), as npm run restore requires
set -eu

dir=/backups
keep_minutes=$((14 * 24 * 60))
at=03:00

is_postgres() {
  case "${DATABASE_URL:-}" in postgres://* | postgresql://*) return 0 ;; *) return 1 ;; esac
}

backup_now() {
  stamp="$(date -u +%Y-%m-%d-%H%M%S)"
  if is_postgres; then
    file="$dir/inscricoes-$stamp.dump"
    # Written aside, then renamed: a copy that failed halfway never looks like a backup.
    pg_dump --format=custom --file="$file.partial" "$DATABASE_URL" || return 1
    mv "$file.partial" "$file" || return 1
    echo "Cópia salva em $file. / Backup written to $file."
  else
    node /app/scripts/backup.mjs "$dir/inscricoes-$stamp.db" || return 1
  fi
  find "$dir" -maxdepth 1 -name 'inscricoes-*' -mmin "+$keep_minutes" -print -delete |
    sed 's/^/Apagada, mais de 14 dias: \/ Deleted, older than 14 days: /'
}

restore() {
  file="$1"
  if ! is_postgres; then
    exec node /app/scripts/restore.mjs "$file"
  fi
  [ -f "$file" ] || {
    echo "Arquivo não encontrado / file not found: $file" >&2
    return 1
  }
  others="$(psql "$DATABASE_URL" -tAc "select count(*) from pg_stat_activity
    where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'")"
  if [ "$others" != 0 ]; then
    echo "O banco está em uso: pare o site antes de restaurar (docker compose stop app). / The" \
      "database is in use: stop the site before restoring (docker compose stop app)." >&2
    return 1
  fi
  pg_restore --clean --if-exists --no-owner --single-transaction --exit-on-error \
    --dbname="$DATABASE_URL" "$file"
  echo "Restaurado de $file; inicie o site (docker compose start app). / Restored from $file;" \
    "start the site (docker compose start app)."
}

nightly() {
  # docker stop (SIGTERM; SIGINT in PostgreSQL's image) ends the wait at once.
  trap 'exit 0' TERM INT
  while :; do
    now="$(date -u +%s)"
    next="$(date -u -d "today $at" +%s)"
    [ "$next" -gt "$now" ] || next="$(date -u -d "tomorrow $at" +%s)"
    echo "Próxima cópia / next backup: $(date -u -d "@$next" '+%Y-%m-%d %H:%M UTC')"
    sleep "$((next - now))" &
    wait $! || true
    backup_now || echo "A cópia falhou / the backup failed" >&2
  done
}

usage() {
  echo "Uso / usage: inscricoes-backup nightly | now | restore /backups/<arquivo>" >&2
  exit 2
}

mkdir -p "$dir"
case "${1:-}" in
  nightly) nightly ;;
  now) backup_now ;;
  restore)
    [ $# -eq 2 ] || usage
    restore "$2"
    ;;
  *) usage ;;
esac
