#!/usr/bin/python3
"""Reference cases for the C++ inference (src/nn), computed by PyTorch.

Builds the trainer's network (tower.py) with random weights, writes it as a .pgnn file and, into a directory, K random inputs and the network's
outputs as .npy float32 files: spatial [K,Cs,H,W], globals [K,G], maps [K,M,H,W], scalars [K,S].
With --torus every 3x3 convolution pads circularly (the board wraps around).

    /usr/bin/python3 tools/train/make_reference.py --kind pv --size 9 --out DIR
    pg_net_check --weights DIR/net.pgnn --cases DIR
"""

import argparse
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tower import KINDS, Tower  # noqa: E402  (the trainer's own network)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--kind", choices=["belief", "pv"], default="pv")
    p.add_argument("--filters", type=int, default=32)
    p.add_argument("--blocks", type=int, default=4)
    p.add_argument("--hidden", type=int, default=32)
    p.add_argument("--size", type=int, default=9, help="board height and width")
    p.add_argument("--width", type=int, default=0, help="board width if not --size")
    p.add_argument("--cases", type=int, default=8, help="K, the number of random inputs")
    p.add_argument("--torus", action="store_true", help="circular padding")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True, help="the directory (net.pgnn and the .npy files)")
    a = p.parse_args()

    torch.manual_seed(a.seed)
    cs, g = KINDS[a.kind]["spatial"], KINDS[a.kind]["globals"]
    net = Tower(a.kind, a.filters, a.blocks, a.hidden).eval()
    # He initialisation keeps the outputs of the order of 1 (PyTorch's default makes them
    # thousandths, which the absolute tolerance would hide); biases make the ReLUs bite.
    with torch.no_grad():
        for mod in net.modules():
            if isinstance(mod, (torch.nn.Conv2d, torch.nn.Linear)):
                fan_in = mod.weight[0].numel()
                mod.weight.normal_(0.0, (1.0 / fan_in) ** 0.5)
                mod.bias.uniform_(-0.3, 0.3)

    h = a.size
    w = a.width or a.size
    spatial = torch.rand(a.cases, cs, h, w)
    # Binary planes, as the encoders mostly produce, with some fractions.
    spatial = torch.where(spatial < 0.7, (spatial < 0.35).float(), spatial)
    globals_ = torch.rand(a.cases, g)
    with torch.no_grad():
        maps, scalars = net(spatial, globals_, a.torus)

    os.makedirs(a.out, exist_ok=True)
    net.save_pgnn(os.path.join(a.out, "net.pgnn"))
    for name, t in [("spatial", spatial), ("globals", globals_), ("maps", maps),
                    ("scalars", scalars)]:
        np.save(os.path.join(a.out, name + ".npy"),
                np.ascontiguousarray(t.numpy().astype("<f4")))
    print(f"make_reference: {a.kind} {h}x{w}{' torus' if a.torus else ''}, {a.cases} cases "
          f"in {a.out}")


if __name__ == "__main__":
    main()
