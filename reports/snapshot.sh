#!/bin/sh
# reports/snapshot.sh: which measurements the report reads, and its copy of them.
#   sh reports/snapshot.sh stamp DB SHIPPED STAMP
#       STAMP (rewritten only when it changes, so that make rebuilds the
#       snapshot exactly then) names the source and its identity and content:
#       DB if that file exists, else SHIPPED (the shipped dump); its real
#       path, size, modification time, inode and SHA-1, and the same of a
#       -wal beside it (committed rows a writer has not checkpointed yet).
#       `make report DB=b.db` after a.db, an updated DB, a DB replaced by a
#       copy with the same time, or a deleted DB (the shipped data again)
#       all change it.
#   sh reports/snapshot.sh copy STAMP DBTOOL OUT
#       OUT: `dbtool snapshot` of STAMP's source (a gzip-compressed dump is
#       decompressed beside OUT first), saying which it is. OUT is a
#       temporary name, NAME.tmp.PID: what a killed copy left beside it
#       (NAME.tmp.PID2*, each as large as a snapshot, PID2 gone) is removed
#       first.
# Exit 0; 1 with one line on a failure; dbtool snapshot's status (4: refused).
set -u
# ident FILE: its identity and content, one line.
ident() {
  real=$(realpath -- "$1" 2>/dev/null) || real=$1
  st=$(stat -L -c '%s %Y.%y %i' -- "$1" 2>/dev/null) || st=missing
  sum=$(sha1sum < "$1" 2>/dev/null | cut -c1-40) || sum=-
  printf '%s\t%s\t%s\n' "$real" "$st" "$sum"
}
case ${1:-} in
  stamp)
    db=$2 shipped=$3 stamp=$4
    if [ -f "$db" ]; then src=$db kind=db; else src=$shipped kind=shipped; fi
    { printf '%s\t%s\n' "$kind" "$src"; ident "$src"; if [ "$kind" = db ] && [ -f "$src-wal" ]; then ident "$src-wal"; fi; } \
      > "$stamp.tmp.$$" || { rm -f "$stamp.tmp.$$"; echo "snapshot: cannot write $stamp" >&2; exit 1; }
    if cmp -s "$stamp.tmp.$$" "$stamp"; then rm -f "$stamp.tmp.$$"; else mv "$stamp.tmp.$$" "$stamp"; fi ;;
  copy)
    stamp=$2 dbtool=$3 out=$4
    base=${out%.tmp.*}
    if [ "$base" != "$out" ]; then
      for f in "$base".tmp.*; do
        [ -e "$f" ] || continue
        pid=${f#"$base".tmp.}; pid=${pid%%[!0-9]*}
        [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null && [ ! -d "/proc/$pid" ] && rm -f "$f"
      done
    fi
    kind=$(sed -n '1s/\t.*//p' "$stamp") src=$(sed -n '1s/^[^\t]*\t//p' "$stamp")
    if [ "$kind" = db ]; then
      echo "report: using measurements in $src"
      exec "$dbtool" snapshot "$src" "$out"
    fi
    echo "report: using the shipped measurements in $src"
    trap 'rm -f "$out.sql"' EXIT
    gzip -dc < "$src" > "$out.sql" || { echo "report: $src is not a gzip-compressed dump" >&2; exit 1; }
    "$dbtool" snapshot "$out.sql" "$out" ;;
  *) echo "usage: sh reports/snapshot.sh stamp DB SHIPPED STAMP | copy STAMP DBTOOL OUT" >&2; exit 2 ;;
esac
