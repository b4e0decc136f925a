"""The network of docs/bot.md ("The networks"), in PyTorch: the one shape that src/nn runs.

A stem 3x3 convolution, residual blocks of two 3x3 convolutions, a 1x1 map head and, for the
policy-and-value kind, a scalar head over the mean of the last features. The globals enter as
constant planes after the spatial planes. Plain boards pad with zeros, a torus wraps around.
"""
import struct

import numpy as np
import torch
import torch.nn.functional as F
from torch import nn

# The two kinds and their encoders (src/ai/net_features.h).
KINDS = {
    "belief": dict(features="belief-v1", spatial=20, globals=8, maps=3, scalars=0),
    "pv": dict(features="board-v1", spatial=12, globals=4, maps=1, scalars=2),
}


class Tower(nn.Module):
    def __init__(self, kind, filters=32, blocks=4, hidden=32):
        super().__init__()
        spec = KINDS[kind]
        self.kind = kind
        self.features = spec["features"]
        self.spatial = spec["spatial"]
        self.globals = spec["globals"]
        self.filters = filters
        self.hidden = hidden
        self.maps = spec["maps"]
        self.scalars = spec["scalars"]
        self.stem = nn.Conv2d(self.spatial + self.globals, filters, 3)
        self.convs = nn.ModuleList()
        for _ in range(blocks):
            self.convs.append(nn.Conv2d(filters, filters, 3))
            self.convs.append(nn.Conv2d(filters, filters, 3))
        self.map = nn.Conv2d(filters, self.maps, 1)
        if self.scalars:
            self.fc1 = nn.Linear(filters, hidden)
            self.fc2 = nn.Linear(hidden, self.scalars)

    @property
    def blocks(self):
        return len(self.convs) // 2

    @staticmethod
    def _conv(conv, x, torus):
        return conv(F.pad(x, (1, 1, 1, 1), mode="circular" if torus else "constant"))

    def forward(self, spatial, glob, torus=False):
        n, _, h, w = spatial.shape
        planes = glob[:, :, None, None].expand(n, self.globals, h, w)
        x = F.relu(self._conv(self.stem, torch.cat([spatial, planes], 1), torus))
        for i in range(0, len(self.convs), 2):
            y = F.relu(self._conv(self.convs[i], x, torus))
            y = self._conv(self.convs[i + 1], y, torus)
            x = F.relu(x + y)
        maps = self.map(x)
        if not self.scalars:
            return maps, maps.new_zeros((n, 0))
        return maps, self.fc2(F.relu(self.fc1(x.mean(dim=(2, 3)))))

    def parameters_in_file_order(self):
        """The tensors in the order of the .pgnn file."""
        out = [self.stem.weight, self.stem.bias]
        for conv in self.convs:
            out += [conv.weight, conv.bias]
        out += [self.map.weight, self.map.bias]
        if self.scalars:
            out += [self.fc1.weight, self.fc1.bias, self.fc2.weight, self.fc2.bias]
        return out

    def save_pgnn(self, path):
        """Writes the weights in the .pgnn format of src/nn/network_file.h."""
        header = (
            "PGNN 1\n"
            f"kind {self.kind}\n"
            f"spatial {self.spatial} globals {self.globals} filters {self.filters} "
            f"blocks {self.blocks} maps {self.maps} hidden {self.hidden} scalars {self.scalars}\n"
            f"features {self.features}\n"
            "end\n"
        )
        with open(path, "wb") as f:
            f.write(header.encode("ascii"))
            for t in self.parameters_in_file_order():
                f.write(t.detach().cpu().contiguous().numpy().astype("<f4").tobytes())


def load_pgnn(path):
    """Reads a .pgnn file back into a Tower (for evaluation and the reference cases)."""
    with open(path, "rb") as f:
        lines = [f.readline().decode("ascii").split() for _ in range(5)]
        data = np.frombuffer(f.read(), dtype="<f4")
    assert lines[0] == ["PGNN", "1"] and lines[4] == ["end"], "not a .pgnn file"
    kind = lines[1][1]
    dims = dict(zip(lines[2][0::2], map(int, lines[2][1::2])))
    net = Tower(kind, dims["filters"], dims["blocks"], dims["hidden"])
    at = 0
    with torch.no_grad():
        for p in net.parameters_in_file_order():
            k = p.numel()
            p.copy_(torch.from_numpy(data[at : at + k].copy()).view_as(p))
            at += k
    assert at == data.size, f"{path}: {data.size - at} floats left over"
    return net

