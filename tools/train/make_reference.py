#!/usr/bin/python3
"""Reference cases for the C++ inference (src/nn), computed by PyTorch.

Builds a network of nn_spec.md section 1 with random weights in plain torch (Conv2d, Linear),
writes it as a .pgnn file (section 2) and, into a directory, K random inputs and the network's
outputs as .npy float32 files: spatial [K,Cs,H,W], globals [K,G], maps [K,M,H,W], scalars [K,S].
With --torus every 3x3 convolution pads circularly (the board wraps around).

    /usr/bin/python3 tools/train/make_reference.py --kind pv --size 9 --out DIR
    pg_net_check --weights DIR/net.pgnn --cases DIR
"""

import argparse
import os
import struct

import numpy as np
import torch
import torch.nn.functional as F


class Tower(torch.nn.Module):
    """The network of nn_spec.md section 1."""

    def __init__(self, cs, g, f, b, m, hd, s):
        super().__init__()
        self.cs, self.g, self.s = cs, g, s
        self.stem = torch.nn.Conv2d(cs + g, f, 3, bias=True)
        self.blocks = torch.nn.ModuleList()
        for _ in range(b):
            self.blocks.append(torch.nn.ModuleList(
                [torch.nn.Conv2d(f, f, 3, bias=True), torch.nn.Conv2d(f, f, 3, bias=True)]))
        self.map = torch.nn.Conv2d(f, m, 1, bias=True)
        if s > 0:
            self.fc1 = torch.nn.Linear(f, hd)
            self.fc2 = torch.nn.Linear(hd, s)

    @staticmethod
    def conv3(conv, x, torus):
        # Padding 1 on each side: zeros on a plain board, wrap-around on a torus.
        return conv(F.pad(x, (1, 1, 1, 1), mode="circular" if torus else "constant"))

    def forward(self, spatial, globals_, torus):
        n, _, h, w = spatial.shape
        planes = globals_.view(n, self.g, 1, 1).expand(n, self.g, h, w)
        x = torch.cat([spatial, planes], dim=1)
        x = F.relu(self.conv3(self.stem, x, torus))
        for conv1, conv2 in self.blocks:
            y = F.relu(self.conv3(conv1, x, torus))
            y = self.conv3(conv2, y, torus)
            x = F.relu(x + y)
        maps = self.map(x)
        if self.s == 0:
            return maps, torch.zeros(n, 0)
        m = x.mean(dim=(2, 3))
        return maps, self.fc2(F.relu(self.fc1(m)))

    def arrays(self):
        """The weights in the order of nn_spec.md section 2."""
        out = [self.stem.weight, self.stem.bias]
        for conv1, conv2 in self.blocks:
            out += [conv1.weight, conv1.bias, conv2.weight, conv2.bias]
        out += [self.map.weight.view(self.map.out_channels, -1), self.map.bias]
        if self.s > 0:
            out += [self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias]
        return out


def write_pgnn(path, net, kind, features, shape):
    cs, g, f, b, m, hd, s = shape
    header = (f"PGNN 1\nkind {kind}\nspatial {cs} globals {g} filters {f} blocks {b} "
              f"maps {m} hidden {hd} scalars {s}\nfeatures {features}\nend\n")
    with open(path, "wb") as out:
        out.write(header.encode("ascii"))
        for a in net.arrays():
            out.write(a.detach().numpy().astype("<f4", copy=False).tobytes(order="C"))


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
    if a.kind == "belief":
        shape = (20, 8, a.filters, a.blocks, 3, a.hidden, 0)
        features = "belief-v1"
    else:
        shape = (12, 4, a.filters, a.blocks, 1, a.hidden, 2)
        features = "board-v1"
    cs, g = shape[0], shape[1]
    net = Tower(*shape).eval()
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
    write_pgnn(os.path.join(a.out, "net.pgnn"), net, a.kind, features, shape)
    for name, t in [("spatial", spatial), ("globals", globals_), ("maps", maps),
                    ("scalars", scalars)]:
        np.save(os.path.join(a.out, name + ".npy"),
                np.ascontiguousarray(t.numpy().astype("<f4")))
    print(f"make_reference: {a.kind} {h}x{w}{' torus' if a.torus else ''}, {a.cases} cases "
          f"in {a.out}")


if __name__ == "__main__":
    main()
