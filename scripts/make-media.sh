#!/usr/bin/env bash
# Regenerates the landing page's three looping videos and their posters (committed in public/media).
# Drawn with ffmpeg's geq filter, so they are our own and need no footage. Needs ffmpeg, and the
# project's node_modules (sharp) for the posters.
set -euo pipefail
cd "$(dirname "$0")/../public/media"
P='2*PI*T/3' # 3-second period: every video loops seamlessly

make() {
  local name=$1 r=$2 g=$3 b=$4
  ffmpeg -loglevel error -y -f lavfi -i "color=c=black:s=640x360:r=24:d=3,format=rgb24" \
    -vf "geq=r='$r':g='$g':b='$b'" -an -c:v libx264 -pix_fmt yuv420p -crf 30 -preset slow -movflags +faststart "$name.mp4"
  ffmpeg -loglevel error -y -i "$name.mp4" -an -c:v libvpx-vp9 -b:v 0 -crf 42 -row-mt 1 "$name.webm"
  # The poster, which is all of a clip that loads before it plays: WebP, 40 % of the JPEG's bytes.
  ffmpeg -loglevel error -y -ss 1 -i "$name.mp4" -frames:v 1 -f image2pipe -c:v png - |
    node --input-type=module -e "import sharp from 'sharp'; process.stdin.pipe(sharp().webp({ quality: 70 })).pipe(process.stdout)" >"$name.webp"
}

# Soldering: copper traces on a green board, a hot tip tracing a figure of eight.
GLOW="exp(-(pow(X-320-220*sin($P),2)+pow(Y-180-70*sin(2*$P),2))/900)"
TRACE="lt(mod(X,80),3)+lt(mod(Y+X/3,60),3)"
make soldering "min(255,20+90*gt($TRACE,0)+255*$GLOW)" "min(255,60+40*gt($TRACE,0)+160*$GLOW)" "min(255,40+10*gt($TRACE,0)+60*$GLOW)"

# 3D printing: a part growing layer by layer, the nozzle sweeping along the top layer.
TOP="(330-240*mod(T,3)/3)"
PART="gt(Y,$TOP)*lt(Y,330)*lt(abs(X-320),160-(330-Y)/4)"
NOZZLE="exp(-(pow(X-320-150*sin(4*$P),2)+pow(Y-$TOP,2))/120)"
make printing "min(255,28+$PART*(190+30*lt(mod(Y,6),3))+255*$NOZZLE)" "min(255,30+$PART*(90+20*lt(mod(Y,6),3))+200*$NOZZLE)" "min(255,38+$PART*30+120*$NOZZLE)"

# DNA: a double helix turning, with base pairs between the strands.
S1="exp(-pow(Y-180-80*sin(X/45+$P),2)/40)"
S2="exp(-pow(Y-180+80*sin(X/45+$P),2)/40)"
RUNG="lt(mod(X,24),3)*lt(abs(Y-180),abs(80*sin(X/45+$P)))"
make dna "min(255,15+230*$S1+60*$RUNG)" "min(255,20+120*$S1+200*$S2+80*$RUNG)" "min(255,45+60*$S1+230*$S2+120*$RUNG)"
ls -la
