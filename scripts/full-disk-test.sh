#!/usr/bin/env bash
# A full disk, for real: the release server's --data-dir on a small file system of its own (a
# loop-mounted ext4 image; a size-limited tmpfs where loop devices are not available), filled by
# concurrent event writers until the journal's writes fail; then a restart with space freed.
# Checks every acknowledged batch survives, nothing refused is half-applied, refusals are 507
# `journal_full` (or 503 `journal_unavailable`) with Retry-After, reads are served throughout
# (scripts/full_disk_test.py). Needs root to mount; without it, or where mounting is refused,
# it says so and runs the simulated file layer's full- and failing-disk tests instead.
# About 20 s. Usage: scripts/full-disk-test.sh [SERVER_BINARY]
set -euo pipefail
cd "$(dirname "$0")/.."
binary=${1:-.build/release/Server}
[ -x "$binary" ] || swift build -c release --product Server
work=$(mktemp -d)
mnt="$work/mnt"
mkdir -p "$mnt"
mounted=""
cleanup() {
  if [ -n "$mounted" ]; then umount "$mnt" 2>/dev/null || umount -l "$mnt" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

if [ "$(id -u)" = 0 ] && command -v mkfs.ext4 >/dev/null \
   && truncate -s 16M "$work/disk.img" && mkfs.ext4 -q -F "$work/disk.img" 2>/dev/null \
   && mount -o loop "$work/disk.img" "$mnt" 2>/dev/null; then
  mounted="ext4"
elif [ "$(id -u)" = 0 ] && mount -t tmpfs -o size=8m full-disk-test "$mnt" 2>/dev/null; then
  mounted="tmpfs"
fi

if [ -z "$mounted" ]; then
  echo "full-disk-test: mounting a small file system is impossible here (not root, or mount refused):"
  echo "full-disk-test: running the simulated file layer's full and failing disk tests instead"
  swift test --skip-build --filter 'JournalFailureTests'
  exit 0
fi
echo "full-disk-test: --data-dir on a $(df -h --output=size "$mnt" | tail -1 | tr -d ' ') $mounted file system of its own"
timeout 300 python3 scripts/full_disk_test.py "$binary" "$mnt/data" "$mnt/ballast"
