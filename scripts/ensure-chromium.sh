#!/usr/bin/env bash
# Makes sure Debian's Chromium is at /usr/bin/chromium for the Playwright end-to-end tests.
# Playwright's own browser downloads are not used (and cannot be fetched here): the tests
# launch this binary (see playwright.config.ts). Idempotent: does nothing when it is there.
set -euo pipefail

CHROMIUM=/usr/bin/chromium
# The fonts the screenshot baselines (e2e/visual.spec.ts) were made with, for the few images
# that draw text with the system's font (the logos, partner marks and seal are SVG); the app's
# own text uses the font it ships. Chromium brings fonts-liberation; DejaVu is named here.
FONTS=(fonts-dejavu-core fonts-liberation)

fonts_present() {
  [ -f /usr/share/fonts/truetype/dejavu/DejaVuSans.ttf ] && [ -d /usr/share/fonts/truetype/liberation ]
}

if [ -x "$CHROMIUM" ] && fonts_present; then
  echo "ensure-chromium: $CHROMIUM is present ($("$CHROMIUM" --version 2>/dev/null || echo 'version unknown'))"
  exit 0
fi

fail() {
  echo "ensure-chromium: ERROR: $*" >&2
  echo "ensure-chromium: install Debian's chromium package by hand (apt-get install chromium) so that $CHROMIUM exists." >&2
  exit 1
}

echo "ensure-chromium: $CHROMIUM or the test fonts are missing; installing Debian's chromium and ${FONTS[*]}"

if ! command -v apt-get >/dev/null 2>&1; then
  fail "apt-get is not available on this machine"
fi

SUDO=()
if [ "$(id -u)" -ne 0 ]; then
  if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
    SUDO=(sudo -n)
  else
    fail "not root and passwordless sudo is not available"
  fi
fi

export DEBIAN_FRONTEND=noninteractive
echo "ensure-chromium: running ${SUDO[*]:+${SUDO[*]} }apt-get update"
"${SUDO[@]}" apt-get update || fail "apt-get update failed"
echo "ensure-chromium: running ${SUDO[*]:+${SUDO[*]} }apt-get install -y chromium ${FONTS[*]}"
"${SUDO[@]}" apt-get install -y chromium "${FONTS[@]}" </dev/null || fail "apt-get install -y chromium ${FONTS[*]} failed"

if [ ! -x "$CHROMIUM" ]; then
  fail "the chromium package installed but $CHROMIUM does not exist"
fi
echo "ensure-chromium: installed $("$CHROMIUM" --version 2>/dev/null || echo "$CHROMIUM")"
