"""A tenth set of models written the way their communities write them
(session 28, by a tester who had not seen the code): each FUNCTION()
returns (model, example_inputs) for compare.py, the importer and train.py.

supcon (HobbitLong's SupConLoss, torch.scatter logits mask), hopfield
(modern Hopfield pooling, iterated retrieval with masked_fill -inf),
mobilevit (ml-cvnets unfolding/folding with bilinear resize of a 9x9 map,
dropout), hrnet (HRNet multi-resolution fusion, BN momentum 0.01, in-place
ReLU, bilinear align_corners), rrdb (Real-ESRGAN RRDBNet x2 with
pixel_unshuffle), deepsvdd (Deep SVDD soft boundary, affine-free BN, buffers
c and R), predrnn (ST-LSTM with LayerNorm([C,H,W]) and scheduled sampling),
centernet (focal loss with `if num_pos == 0`, _transpose_and_gather_feat,
sigmoid_ + clamp), lsh (Reformer LSH attention: random rotations drawn in
forward, argmax buckets, sort/gather/undo-sort, look_one_back, masked_fill_),
entmax (entmax package's Entmax15Function/SparsemaxFunction, autograd.Function
with index_put in backward), lovasz (Berman's Lovasz hinge + softmax with
`perm.data` and 'present' classes), adain (AdaIN style transfer with a frozen
encoder, reflection pad, ceil_mode pooling), dncnn_ssim (DnCNN, 17 layers,
pytorch-ssim's gaussian window loss), neural_process (torch.distributions
Normal/Independent, rsample, kl_divergence), tsm (Temporal Shift Module,
slice writes into zeros_like, TSN consensus + dropout), act (Universal
Transformer ACT halting with a data-dependent while loop), act_fixed (the same,
max_hop for loop), netvlad (NetVLAD looped residuals written into a zeros
tensor, triplet loss), bigvgan (SnakeBeta, kaiser-sinc anti-aliased
up/downsampling with conv_transpose1d groups=C, weight_norm), mega (Mega's
damped EMA kernel as a causal grouped conv1d + laplace attention), pwc
(PWC-Net cost volume by shifted slices, warp with grid_sample and
mask[mask<0.9999]=0), cfc (closed-form continuous-time RNN with masks,
dropout), mos (Mixture of Softmaxes with AWD's embedded_dropout/LockedDropout
and prob.add_), rezero_deep (40 ReZero MHA layers, width 8), fixup_deep
(Fixup ResNet with 42 blocks of 4-16 channels, scalar biases).
Variants routing around refusals: lovasz_all, act_fixed, centernet_nb
(no `if num_pos == 0`), mos_b (new_empty instead of .data.new().resize_()).

Found (session 28; minimal cases in models.py and conformance.py): torch.uint8
was lowered as signed i8: a uint8 input or buffer was refused by remat-run
(centernet_nb's reg_mask) and uint8 values above 127 made in forward gave
wrong results (conformance row "uint8"); on 1.13 remat_torch.compile left
BatchNorm's num_batches_tracked at 0 (train.py community); a slice write
read through a transposed view trained with 1.13 AOTAutograd's wrong
gradient under PyTorch's default partition (train.py fallback: now eager);
the compile path's "could not trace" warnings named no line (train.py
data_reads). All fixed. Left: pwc runs eagerly on 1.13 (its AOTAutograd's
as_strided_scatter internal assert); aten.resize_ (mos) is refused.
"""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Function, Variable


# ---------------------------------------------------------------- supcon
class SupConLoss(nn.Module):
    """HobbitLong/SupContrast losses.py, verbatim but for device handling."""
    def __init__(self, temperature=0.07, contrast_mode='all', base_temperature=0.07):
        super(SupConLoss, self).__init__()
        self.temperature = temperature
        self.contrast_mode = contrast_mode
        self.base_temperature = base_temperature

    def forward(self, features, labels=None, mask=None):
        device = features.device
        if len(features.shape) < 3:
            raise ValueError('`features` needs to be [bsz, n_views, ...],'
                             'at least 3 dimensions are required')
        if len(features.shape) > 3:
            features = features.view(features.shape[0], features.shape[1], -1)
        batch_size = features.shape[0]
        if labels is not None and mask is not None:
            raise ValueError('Cannot define both `labels` and `mask`')
        elif labels is None and mask is None:
            mask = torch.eye(batch_size, dtype=torch.float32).to(device)
        elif labels is not None:
            labels = labels.contiguous().view(-1, 1)
            if labels.shape[0] != batch_size:
                raise ValueError('Num of labels does not match num of features')
            mask = torch.eq(labels, labels.T).float().to(device)
        else:
            mask = mask.float().to(device)
        contrast_count = features.shape[1]
        contrast_feature = torch.cat(torch.unbind(features, dim=1), dim=0)
        if self.contrast_mode == 'one':
            anchor_feature = features[:, 0]
            anchor_count = 1
        elif self.contrast_mode == 'all':
            anchor_feature = contrast_feature
            anchor_count = contrast_count
        anchor_dot_contrast = torch.div(torch.matmul(anchor_feature, contrast_feature.T), self.temperature)
        logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
        logits = anchor_dot_contrast - logits_max.detach()
        mask = mask.repeat(anchor_count, contrast_count)
        logits_mask = torch.scatter(
            torch.ones_like(mask), 1,
            torch.arange(batch_size * anchor_count).view(-1, 1).to(device), 0)
        mask = mask * logits_mask
        exp_logits = torch.exp(logits) * logits_mask
        log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
        mean_log_prob_pos = (mask * log_prob).sum(1) / mask.sum(1)
        loss = - (self.temperature / self.base_temperature) * mean_log_prob_pos
        loss = loss.view(anchor_count, batch_size).mean()
        return loss


class SupConNet(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(
            nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(inplace=True),
            nn.Conv2d(8, 16, 3, stride=2, padding=1), nn.BatchNorm2d(16), nn.ReLU(inplace=True),
            nn.AdaptiveAvgPool2d(1))
        self.head = nn.Sequential(nn.Linear(16, 16), nn.ReLU(inplace=True), nn.Linear(16, 8))
        self.criterion = SupConLoss(temperature=0.1)

    def forward(self, images, labels):
        bsz = labels.shape[0]
        feat = self.encoder(images).flatten(1)
        features = F.normalize(self.head(feat), dim=1)
        f1, f2 = torch.split(features, [bsz, bsz], dim=0)
        features = torch.cat([f1.unsqueeze(1), f2.unsqueeze(1)], dim=1)
        return self.criterion(features, labels)


def supcon():
    torch.manual_seed(0)
    x1, x2 = torch.randn(6, 3, 8, 8), torch.randn(6, 3, 8, 8)
    images = torch.cat([x1, x2], dim=0)
    labels = torch.tensor([0, 1, 0, 2, 1, 2])
    return SupConNet(), (images, labels)


# ---------------------------------------------------------------- hopfield
class HopfieldPooling(nn.Module):
    """Modern Hopfield pooling (Ramsauer et al.; hopfield-layers' HopfieldPooling
    with a learnable state pattern, a few update steps)."""
    def __init__(self, d, n_queries=2, update_steps=3, scaling=None):
        super().__init__()
        self.query = nn.Parameter(torch.randn(1, n_queries, d) * 0.1)
        self.Wq = nn.Linear(d, d, bias=False)
        self.Wk = nn.Linear(d, d, bias=False)
        self.Wv = nn.Linear(d, d, bias=False)
        self.beta = scaling if scaling is not None else 1.0 / math.sqrt(d)
        self.update_steps = update_steps

    def forward(self, stored, pad_mask):
        K = self.Wk(stored)
        V = self.Wv(stored)
        xi = self.Wq(self.query).expand(stored.size(0), -1, -1)
        for _ in range(self.update_steps):
            a = torch.bmm(xi, K.transpose(1, 2)) * self.beta
            a = a.masked_fill(pad_mask.unsqueeze(1), float('-inf'))
            xi = torch.bmm(torch.softmax(a, dim=-1), K)
        a = torch.bmm(xi, K.transpose(1, 2)) * self.beta
        a = a.masked_fill(pad_mask.unsqueeze(1), float('-inf'))
        return torch.bmm(torch.softmax(a, dim=-1), V)


class DeepRC(nn.Module):
    """Multiple-instance classification of bags (immune repertoires)."""
    def __init__(self, d_in=6, d=16):
        super().__init__()
        self.embed = nn.Sequential(nn.Conv1d(d_in, d, 3, padding=1), nn.SELU(), nn.Conv1d(d, d, 3, padding=1))
        self.pool = HopfieldPooling(d)
        self.out = nn.Linear(2 * d, 1)
        self.register_buffer("pos_weight", torch.tensor([2.0]))

    def forward(self, seqs, pad_mask, target):
        B, N, L, C = seqs.shape
        h = self.embed(seqs.view(B * N, L, C).transpose(1, 2)).max(dim=-1).values
        h = h.view(B, N, -1)
        pooled = self.pool(h, pad_mask).reshape(B, -1)
        logit = self.out(pooled).squeeze(-1)
        return F.binary_cross_entropy_with_logits(logit, target, pos_weight=self.pos_weight)


def hopfield():
    torch.manual_seed(0)
    seqs = torch.randn(3, 5, 7, 6)
    pad_mask = torch.tensor([[False] * 5, [False, False, False, True, True], [False, True, True, True, True]])
    return DeepRC(), (seqs, pad_mask, torch.tensor([1.0, 0.0, 1.0]))


# ---------------------------------------------------------------- mobilevit
class MV2Block(nn.Module):
    def __init__(self, inp, oup, stride=1, expansion=2):
        super().__init__()
        hidden = inp * expansion
        self.use_res = stride == 1 and inp == oup
        self.conv = nn.Sequential(
            nn.Conv2d(inp, hidden, 1, bias=False), nn.BatchNorm2d(hidden), nn.SiLU(),
            nn.Conv2d(hidden, hidden, 3, stride, 1, groups=hidden, bias=False), nn.BatchNorm2d(hidden), nn.SiLU(),
            nn.Conv2d(hidden, oup, 1, bias=False), nn.BatchNorm2d(oup))

    def forward(self, x):
        if self.use_res:
            return x + self.conv(x)
        return self.conv(x)


class MViTTransformerLayer(nn.Module):
    def __init__(self, d, heads=2, ffn=32, attn_dropout=0.1, dropout=0.1):
        super().__init__()
        self.pre_norm_mha = nn.LayerNorm(d)
        self.qkv_proj = nn.Linear(d, 3 * d)
        self.out_proj = nn.Linear(d, d)
        self.attn_dropout = nn.Dropout(attn_dropout)
        self.heads = heads
        self.scaling = (d // heads) ** -0.5
        self.pre_norm_ffn = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, ffn), nn.SiLU(), nn.Dropout(dropout),
                                          nn.Linear(ffn, d), nn.Dropout(dropout))

    def forward(self, x):
        b_sz, n_patches, in_channels = x.shape
        res = x
        x = self.pre_norm_mha(x)
        qkv = self.qkv_proj(x).reshape(b_sz, n_patches, 3, self.heads, -1)
        qkv = qkv.transpose(1, 3).contiguous()
        query, key, value = qkv[:, :, 0], qkv[:, :, 1], qkv[:, :, 2]
        query = query * self.scaling
        key = key.transpose(-1, -2)
        attn = torch.matmul(query, key)
        attn = self.attn_dropout(torch.softmax(attn, dim=-1))
        out = torch.matmul(attn, value)
        out = out.transpose(1, 2).reshape(b_sz, n_patches, -1)
        x = res + self.out_proj(out)
        return x + self.pre_norm_ffn(x)


class MobileViTBlock(nn.Module):
    """apple/ml-cvnets MobileViTBlock (v1) unfolding/folding."""
    def __init__(self, in_channels, transformer_dim, n_layers=2, patch_h=2, patch_w=2):
        super().__init__()
        self.local_rep = nn.Sequential(
            nn.Conv2d(in_channels, in_channels, 3, 1, 1, bias=False), nn.BatchNorm2d(in_channels), nn.SiLU(),
            nn.Conv2d(in_channels, transformer_dim, 1, bias=False))
        self.global_rep = nn.Sequential(*[MViTTransformerLayer(transformer_dim) for _ in range(n_layers)],
                                        nn.LayerNorm(transformer_dim))
        self.conv_proj = nn.Sequential(nn.Conv2d(transformer_dim, in_channels, 1, bias=False),
                                       nn.BatchNorm2d(in_channels), nn.SiLU())
        self.fusion = nn.Sequential(nn.Conv2d(2 * in_channels, in_channels, 3, 1, 1, bias=False),
                                    nn.BatchNorm2d(in_channels), nn.SiLU())
        self.patch_h, self.patch_w = patch_h, patch_w
        self.patch_area = int(patch_w * patch_h)

    def unfolding(self, feature_map):
        patch_w, patch_h = self.patch_w, self.patch_h
        patch_area = int(patch_w * patch_h)
        batch_size, in_channels, orig_h, orig_w = feature_map.shape
        new_h = int(math.ceil(orig_h / self.patch_h) * self.patch_h)
        new_w = int(math.ceil(orig_w / self.patch_w) * self.patch_w)
        interpolate = False
        if new_w != orig_w or new_h != orig_h:
            feature_map = F.interpolate(feature_map, size=(new_h, new_w), mode="bilinear", align_corners=False)
            interpolate = True
        num_patch_w = new_w // patch_w
        num_patch_h = new_h // patch_h
        num_patches = num_patch_h * num_patch_w
        reshaped_fm = feature_map.reshape(batch_size * in_channels * num_patch_h, patch_h, num_patch_w, patch_w)
        transposed_fm = reshaped_fm.transpose(1, 2)
        reshaped_fm = transposed_fm.reshape(batch_size, in_channels, num_patches, patch_area)
        transposed_fm = reshaped_fm.transpose(1, 3)
        patches = transposed_fm.reshape(batch_size * patch_area, num_patches, -1)
        info_dict = {"orig_size": (orig_h, orig_w), "batch_size": batch_size, "interpolate": interpolate,
                     "total_patches": num_patches, "num_patches_w": num_patch_w, "num_patches_h": num_patch_h}
        return patches, info_dict

    def folding(self, patches, info_dict):
        n_dim = patches.dim()
        assert n_dim == 3, "Tensor should be of shape BPxNxC. Got: {}".format(patches.shape)
        patches = patches.contiguous().view(info_dict["batch_size"], self.patch_area, info_dict["total_patches"], -1)
        batch_size, pixels, num_patches, channels = patches.size()
        num_patch_h = info_dict["num_patches_h"]
        num_patch_w = info_dict["num_patches_w"]
        patches = patches.transpose(1, 3)
        feature_map = patches.reshape(batch_size * channels * num_patch_h, num_patch_w, self.patch_h, self.patch_w)
        feature_map = feature_map.transpose(1, 2)
        feature_map = feature_map.reshape(batch_size, channels, num_patch_h * self.patch_h, num_patch_w * self.patch_w)
        if info_dict["interpolate"]:
            feature_map = F.interpolate(feature_map, size=info_dict["orig_size"], mode="bilinear", align_corners=False)
        return feature_map

    def forward(self, x):
        res = x
        fm = self.local_rep(x)
        patches, info_dict = self.unfolding(fm)
        for transformer_layer in self.global_rep:
            patches = transformer_layer(patches)
        fm = self.folding(patches=patches, info_dict=info_dict)
        fm = self.conv_proj(fm)
        fm = self.fusion(torch.cat((res, fm), dim=1))
        return fm


class MobileViTTiny(nn.Module):
    def __init__(self, num_classes=5):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.SiLU())
        self.mv2 = MV2Block(8, 8)
        self.mvit = MobileViTBlock(8, 16)
        self.mv2b = MV2Block(8, 12, stride=2)
        self.classifier = nn.Sequential(nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.1), nn.Linear(12, num_classes))

    def forward(self, x, y):
        x = self.mv2b(self.mvit(self.mv2(self.stem(x))))
        return F.cross_entropy(self.classifier(x), y, label_smoothing=0.1)


def mobilevit():
    torch.manual_seed(0)
    return MobileViTTiny(), (torch.randn(2, 3, 18, 18), torch.tensor([1, 4]))


# ---------------------------------------------------------------- hrnet
BN_MOMENTUM = 0.01


class HRBasicBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.conv1 = nn.Conv2d(c, c, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(c, momentum=BN_MOMENTUM)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(c, c, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(c, momentum=BN_MOMENTUM)

    def forward(self, x):
        residual = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        out += residual
        out = self.relu(out)
        return out


class HighResolutionModule(nn.Module):
    """HRNet-Semantic-Segmentation's module: branches + _make_fuse_layers."""
    def __init__(self, num_channels=(4, 8, 16)):
        super().__init__()
        self.num_branches = len(num_channels)
        self.branches = nn.ModuleList([nn.Sequential(HRBasicBlock(c)) for c in num_channels])
        fuse_layers = []
        for i in range(self.num_branches):
            fuse_layer = []
            for j in range(self.num_branches):
                if j > i:
                    fuse_layer.append(nn.Sequential(
                        nn.Conv2d(num_channels[j], num_channels[i], 1, 1, 0, bias=False),
                        nn.BatchNorm2d(num_channels[i], momentum=BN_MOMENTUM)))
                elif j == i:
                    fuse_layer.append(None)
                else:
                    conv3x3s = []
                    for k in range(i - j):
                        if k == i - j - 1:
                            conv3x3s.append(nn.Sequential(
                                nn.Conv2d(num_channels[j], num_channels[i], 3, 2, 1, bias=False),
                                nn.BatchNorm2d(num_channels[i], momentum=BN_MOMENTUM)))
                        else:
                            conv3x3s.append(nn.Sequential(
                                nn.Conv2d(num_channels[j], num_channels[j], 3, 2, 1, bias=False),
                                nn.BatchNorm2d(num_channels[j], momentum=BN_MOMENTUM), nn.ReLU(inplace=False)))
                    fuse_layer.append(nn.Sequential(*conv3x3s))
            fuse_layers.append(nn.ModuleList(fuse_layer))
        self.fuse_layers = nn.ModuleList(fuse_layers)
        self.relu = nn.ReLU(inplace=True)

    def forward(self, x):
        for i in range(self.num_branches):
            x[i] = self.branches[i](x[i])
        x_fuse = []
        for i in range(len(self.fuse_layers)):
            y = x[0] if i == 0 else self.fuse_layers[i][0](x[0])
            for j in range(1, self.num_branches):
                if i == j:
                    y = y + x[j]
                elif j > i:
                    width_output = x[i].shape[-1]
                    height_output = x[i].shape[-2]
                    y = y + F.interpolate(self.fuse_layers[i][j](x[j]), size=[height_output, width_output],
                                          mode='bilinear', align_corners=True)
                else:
                    y = y + self.fuse_layers[i][j](x[j])
            x_fuse.append(self.relu(y))
        return x_fuse


class HRNetTiny(nn.Module):
    def __init__(self, num_classes=4):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, 4, 3, 2, 1, bias=False), nn.BatchNorm2d(4, momentum=BN_MOMENTUM),
                                  nn.ReLU(inplace=True))
        self.trans1 = nn.Sequential(nn.Conv2d(4, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8, momentum=BN_MOMENTUM),
                                    nn.ReLU(inplace=True))
        self.trans2 = nn.Sequential(nn.Conv2d(8, 16, 3, 2, 1, bias=False), nn.BatchNorm2d(16, momentum=BN_MOMENTUM),
                                    nn.ReLU(inplace=True))
        self.stage = nn.Sequential(HighResolutionModule(), HighResolutionModule())
        self.last_layer = nn.Sequential(nn.Conv2d(28, 28, 1), nn.BatchNorm2d(28, momentum=BN_MOMENTUM),
                                        nn.ReLU(inplace=True), nn.Conv2d(28, num_classes, 1))

    def forward(self, img, label):
        x = self.stem(img)
        xs = [x, self.trans1(x)]
        xs.append(self.trans2(xs[-1]))
        x = self.stage(xs)
        x0_h, x0_w = x[0].size(2), x[0].size(3)
        x1 = F.interpolate(x[1], size=(x0_h, x0_w), mode='bilinear', align_corners=True)
        x2 = F.interpolate(x[2], size=(x0_h, x0_w), mode='bilinear', align_corners=True)
        out = self.last_layer(torch.cat([x[0], x1, x2], 1))
        ph, pw = out.size(2), out.size(3)
        h, w = label.size(1), label.size(2)
        if ph != h or pw != w:
            out = F.interpolate(input=out, size=(h, w), mode='bilinear', align_corners=True)
        return F.cross_entropy(out, label, ignore_index=255)


def hrnet():
    torch.manual_seed(0)
    label = torch.randint(0, 4, (2, 16, 16))
    label[0, :3] = 255
    return HRNetTiny(), (torch.randn(2, 3, 16, 16), label)


# ---------------------------------------------------------------- rrdb
class ResidualDenseBlock(nn.Module):
    def __init__(self, num_feat=8, num_grow_ch=4):
        super(ResidualDenseBlock, self).__init__()
        self.conv1 = nn.Conv2d(num_feat, num_grow_ch, 3, 1, 1)
        self.conv2 = nn.Conv2d(num_feat + num_grow_ch, num_grow_ch, 3, 1, 1)
        self.conv3 = nn.Conv2d(num_feat + 2 * num_grow_ch, num_grow_ch, 3, 1, 1)
        self.conv4 = nn.Conv2d(num_feat + 3 * num_grow_ch, num_grow_ch, 3, 1, 1)
        self.conv5 = nn.Conv2d(num_feat + 4 * num_grow_ch, num_feat, 3, 1, 1)
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x):
        x1 = self.lrelu(self.conv1(x))
        x2 = self.lrelu(self.conv2(torch.cat((x, x1), 1)))
        x3 = self.lrelu(self.conv3(torch.cat((x, x1, x2), 1)))
        x4 = self.lrelu(self.conv4(torch.cat((x, x1, x2, x3), 1)))
        x5 = self.conv5(torch.cat((x, x1, x2, x3, x4), 1))
        return x5 * 0.2 + x


class RRDB(nn.Module):
    def __init__(self, num_feat, num_grow_ch=4):
        super(RRDB, self).__init__()
        self.rdb1 = ResidualDenseBlock(num_feat, num_grow_ch)
        self.rdb2 = ResidualDenseBlock(num_feat, num_grow_ch)
        self.rdb3 = ResidualDenseBlock(num_feat, num_grow_ch)

    def forward(self, x):
        out = self.rdb1(x)
        out = self.rdb2(out)
        out = self.rdb3(out)
        return out * 0.2 + x


def pixel_unshuffle(x, scale):
    b, c, hh, hw = x.size()
    out_channel = c * (scale ** 2)
    assert hh % scale == 0 and hw % scale == 0
    h = hh // scale
    w = hw // scale
    x_view = x.view(b, c, h, scale, w, scale)
    return x_view.permute(0, 1, 3, 5, 2, 4).reshape(b, out_channel, h, w)


class RRDBNet(nn.Module):
    def __init__(self, num_in_ch=3, num_out_ch=3, scale=2, num_feat=8, num_block=2, num_grow_ch=4):
        super(RRDBNet, self).__init__()
        self.scale = scale
        if scale == 2:
            num_in_ch = num_in_ch * 4
        elif scale == 1:
            num_in_ch = num_in_ch * 16
        self.conv_first = nn.Conv2d(num_in_ch, num_feat, 3, 1, 1)
        self.body = nn.Sequential(*[RRDB(num_feat, num_grow_ch) for _ in range(num_block)])
        self.conv_body = nn.Conv2d(num_feat, num_feat, 3, 1, 1)
        self.conv_up1 = nn.Conv2d(num_feat, num_feat, 3, 1, 1)
        self.conv_up2 = nn.Conv2d(num_feat, num_feat, 3, 1, 1)
        self.conv_hr = nn.Conv2d(num_feat, num_feat, 3, 1, 1)
        self.conv_last = nn.Conv2d(num_feat, num_out_ch, 3, 1, 1)
        self.lrelu = nn.LeakyReLU(negative_slope=0.2, inplace=True)

    def forward(self, x, gt):
        if self.scale == 2:
            feat = pixel_unshuffle(x, scale=2)
        elif self.scale == 1:
            feat = pixel_unshuffle(x, scale=4)
        else:
            feat = x
        feat = self.conv_first(feat)
        body_feat = self.conv_body(self.body(feat))
        feat = feat + body_feat
        feat = self.lrelu(self.conv_up1(F.interpolate(feat, scale_factor=2, mode='nearest')))
        feat = self.lrelu(self.conv_up2(F.interpolate(feat, scale_factor=2, mode='nearest')))
        out = self.conv_last(self.lrelu(self.conv_hr(feat)))
        return F.l1_loss(out, gt)


def rrdb():
    torch.manual_seed(0)
    return RRDBNet(), (torch.randn(1, 3, 8, 8), torch.randn(1, 3, 16, 16))


# ---------------------------------------------------------------- deepsvdd
class CIFAR10_LeNet(nn.Module):
    """lukasruff/Deep-SVDD-PyTorch's CIFAR10_LeNet (shrunk)."""
    def __init__(self):
        super().__init__()
        self.rep_dim = 16
        self.pool = nn.MaxPool2d(2, 2)
        self.conv1 = nn.Conv2d(3, 8, 5, bias=False, padding=2)
        self.bn2d1 = nn.BatchNorm2d(8, eps=1e-04, affine=False)
        self.conv2 = nn.Conv2d(8, 12, 5, bias=False, padding=2)
        self.bn2d2 = nn.BatchNorm2d(12, eps=1e-04, affine=False)
        self.fc1 = nn.Linear(12 * 4 * 4, self.rep_dim, bias=False)

    def forward(self, x):
        x = self.conv1(x)
        x = self.pool(F.leaky_relu(self.bn2d1(x)))
        x = self.conv2(x)
        x = self.pool(F.leaky_relu(self.bn2d2(x)))
        x = x.view(x.size(0), -1)
        x = self.fc1(x)
        return x


class DeepSVDD(nn.Module):
    def __init__(self, objective='soft-boundary', nu=0.1):
        super().__init__()
        self.net = CIFAR10_LeNet()
        self.objective = objective
        self.nu = nu
        self.register_buffer("c", torch.randn(16) * 0.1)
        self.register_buffer("R", torch.tensor(0.5))

    def forward(self, inputs):
        outputs = self.net(inputs)
        dist = torch.sum((outputs - self.c) ** 2, dim=1)
        if self.objective == 'soft-boundary':
            scores = dist - self.R ** 2
            loss = self.R ** 2 + (1 / self.nu) * torch.mean(torch.max(torch.zeros_like(scores), scores))
        else:
            loss = torch.mean(dist)
        return loss


def deepsvdd():
    torch.manual_seed(0)
    return DeepSVDD(), (torch.randn(4, 3, 16, 16),)


# ---------------------------------------------------------------- predrnn
class SpatioTemporalLSTMCell(nn.Module):
    """thuml/predrnn-pytorch SpatioTemporalLSTMCell (layer_norm=True)."""
    def __init__(self, in_channel, num_hidden, width, filter_size, stride, layer_norm):
        super(SpatioTemporalLSTMCell, self).__init__()
        self.num_hidden = num_hidden
        self.padding = filter_size // 2
        self._forget_bias = 1.0
        if layer_norm:
            self.conv_x = nn.Sequential(
                nn.Conv2d(in_channel, num_hidden * 7, kernel_size=filter_size, stride=stride, padding=self.padding, bias=False),
                nn.LayerNorm([num_hidden * 7, width, width]))
            self.conv_h = nn.Sequential(
                nn.Conv2d(num_hidden, num_hidden * 4, kernel_size=filter_size, stride=stride, padding=self.padding, bias=False),
                nn.LayerNorm([num_hidden * 4, width, width]))
            self.conv_m = nn.Sequential(
                nn.Conv2d(num_hidden, num_hidden * 3, kernel_size=filter_size, stride=stride, padding=self.padding, bias=False),
                nn.LayerNorm([num_hidden * 3, width, width]))
            self.conv_o = nn.Sequential(
                nn.Conv2d(num_hidden * 2, num_hidden, kernel_size=filter_size, stride=stride, padding=self.padding, bias=False),
                nn.LayerNorm([num_hidden, width, width]))
        self.conv_last = nn.Conv2d(num_hidden * 2, num_hidden, kernel_size=1, stride=1, padding=0, bias=False)

    def forward(self, x_t, h_t, c_t, m_t):
        x_concat = self.conv_x(x_t)
        h_concat = self.conv_h(h_t)
        m_concat = self.conv_m(m_t)
        i_x, f_x, g_x, i_x_prime, f_x_prime, g_x_prime, o_x = torch.split(x_concat, self.num_hidden, dim=1)
        i_h, f_h, g_h, o_h = torch.split(h_concat, self.num_hidden, dim=1)
        i_m, f_m, g_m = torch.split(m_concat, self.num_hidden, dim=1)
        i_t = torch.sigmoid(i_x + i_h)
        f_t = torch.sigmoid(f_x + f_h + self._forget_bias)
        g_t = torch.tanh(g_x + g_h)
        c_new = f_t * c_t + i_t * g_t
        i_t_prime = torch.sigmoid(i_x_prime + i_m)
        f_t_prime = torch.sigmoid(f_x_prime + f_m + self._forget_bias)
        g_t_prime = torch.tanh(g_x_prime + g_m)
        m_new = f_t_prime * m_t + i_t_prime * g_t_prime
        mem = torch.cat((c_new, m_new), 1)
        o_t = torch.sigmoid(o_x + o_h + self.conv_o(mem))
        h_new = o_t * torch.tanh(self.conv_last(mem))
        return h_new, c_new, m_new


class PredRNN(nn.Module):
    def __init__(self, num_layers=2, num_hidden=(6, 6), frame_channel=4, width=6, input_length=3, total_length=6):
        super(PredRNN, self).__init__()
        self.frame_channel = frame_channel
        self.num_layers = num_layers
        self.num_hidden = num_hidden
        self.input_length = input_length
        self.total_length = total_length
        cell_list = []
        for i in range(num_layers):
            in_channel = self.frame_channel if i == 0 else num_hidden[i - 1]
            cell_list.append(SpatioTemporalLSTMCell(in_channel, num_hidden[i], width, 3, 1, True))
        self.cell_list = nn.ModuleList(cell_list)
        self.conv_last = nn.Conv2d(num_hidden[num_layers - 1], self.frame_channel, kernel_size=1, stride=1, padding=0, bias=False)
        self.MSE_criterion = nn.MSELoss()

    def forward(self, frames_tensor, mask_true):
        frames = frames_tensor.permute(0, 1, 4, 2, 3).contiguous()
        mask_true = mask_true.permute(0, 1, 4, 2, 3).contiguous()
        batch = frames.shape[0]
        height = frames.shape[3]
        width = frames.shape[4]
        next_frames = []
        h_t = []
        c_t = []
        for i in range(self.num_layers):
            zeros = torch.zeros([batch, self.num_hidden[i], height, width])
            h_t.append(zeros)
            c_t.append(zeros)
        memory = torch.zeros([batch, self.num_hidden[0], height, width])
        for t in range(self.total_length - 1):
            if t < self.input_length:
                net = frames[:, t]
            else:
                net = mask_true[:, t - self.input_length] * frames[:, t] + \
                      (1 - mask_true[:, t - self.input_length]) * x_gen
            h_t[0], c_t[0], memory = self.cell_list[0](net, h_t[0], c_t[0], memory)
            for i in range(1, self.num_layers):
                h_t[i], c_t[i], memory = self.cell_list[i](h_t[i - 1], h_t[i], c_t[i], memory)
            x_gen = self.conv_last(h_t[self.num_layers - 1])
            next_frames.append(x_gen)
        next_frames = torch.stack(next_frames, dim=0).permute(1, 0, 3, 4, 2).contiguous()
        loss = self.MSE_criterion(next_frames, frames_tensor[:, 1:])
        return loss


def predrnn():
    torch.manual_seed(0)
    frames = torch.rand(2, 6, 6, 6, 4)
    mask_true = (torch.rand(2, 2, 6, 6, 4) < 0.5).float()
    return PredRNN(), (frames, mask_true)


# ---------------------------------------------------------------- centernet
def _sigmoid(x):
    y = torch.clamp(x.sigmoid_(), min=1e-4, max=1 - 1e-4)
    return y


def _focal_terms(pred, gt):
    """The positive and negative sums of CenterNet's focal loss, and the
    number of positives."""
    pos_inds = gt.eq(1).float()
    neg_inds = gt.lt(1).float()
    neg_weights = torch.pow(1 - gt, 4)
    pos_loss = torch.log(pred) * torch.pow(1 - pred, 2) * pos_inds
    neg_loss = torch.log(1 - pred) * torch.pow(pred, 2) * neg_weights * neg_inds
    return pos_loss.sum(), neg_loss.sum(), pos_inds.float().sum()


def _neg_loss(pred, gt):
    """CenterNet's focal loss (src/lib/models/losses.py)."""
    loss = 0
    pos_loss, neg_loss, num_pos = _focal_terms(pred, gt)
    if num_pos == 0:
        loss = loss - neg_loss
    else:
        loss = loss - (pos_loss + neg_loss) / num_pos
    return loss


def _gather_feat(feat, ind, mask=None):
    dim = feat.size(2)
    ind = ind.unsqueeze(2).expand(ind.size(0), ind.size(1), dim)
    feat = feat.gather(1, ind)
    if mask is not None:
        mask = mask.unsqueeze(2).expand_as(feat)
        feat = feat[mask]
        feat = feat.view(-1, dim)
    return feat


def _transpose_and_gather_feat(feat, ind):
    feat = feat.permute(0, 2, 3, 1).contiguous()
    feat = feat.view(feat.size(0), -1, feat.size(3))
    feat = _gather_feat(feat, ind)
    return feat


class RegL1Loss(nn.Module):
    def forward(self, output, mask, ind, target):
        pred = _transpose_and_gather_feat(output, ind)
        mask = mask.unsqueeze(2).expand_as(pred).float()
        loss = F.l1_loss(pred * mask, target * mask, reduction='sum')
        loss = loss / (mask.sum() + 1e-4)
        return loss


class CenterNetTiny(nn.Module):
    def __init__(self, num_classes=3, head_conv=8):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU(inplace=True),
                                      nn.Conv2d(8, 8, 3, 1, 1), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
        self.heads = {'hm': num_classes, 'wh': 2, 'reg': 2}
        for head in self.heads:
            fc = nn.Sequential(nn.Conv2d(8, head_conv, 3, padding=1, bias=True), nn.ReLU(inplace=True),
                               nn.Conv2d(head_conv, self.heads[head], 1, bias=True))
            if 'hm' in head:
                fc[-1].bias.data.fill_(-2.19)
            self.__setattr__(head, fc)
        self.crit_reg = RegL1Loss()

    def _hm_loss(self, pred, gt):
        return _neg_loss(pred, gt)

    def forward(self, x, hm, ind, reg_mask, wh, reg):
        feat = self.backbone(x)
        out = {head: self.__getattr__(head)(feat) for head in self.heads}
        out['hm'] = _sigmoid(out['hm'])
        hm_loss = self._hm_loss(out['hm'], hm)
        wh_loss = self.crit_reg(out['wh'], reg_mask, ind, wh)
        off_loss = self.crit_reg(out['reg'], reg_mask, ind, reg)
        return hm_loss + 0.1 * wh_loss + off_loss


def centernet():
    torch.manual_seed(0)
    B, C, H, W, K = 2, 3, 8, 8, 4
    hm = torch.rand(B, C, H, W) * 0.5
    ind = torch.tensor([[3, 20, 45, 0], [9, 63, 0, 0]])
    reg_mask = torch.tensor([[1, 1, 1, 0], [1, 1, 0, 0]], dtype=torch.uint8)
    hm[0, 0, 0, 3] = 1
    hm[0, 1, 2, 4] = 1
    hm[0, 2, 5, 5] = 1
    hm[1, 0, 1, 1] = 1
    hm[1, 2, 7, 7] = 1
    return CenterNetTiny(), (torch.randn(B, 3, 16, 16), hm, ind, reg_mask, torch.rand(B, K, 2) * 4, torch.rand(B, K, 2))


# ---------------------------------------------------------------- lsh
TOKEN_SELF_ATTN_VALUE = -5e4


def max_neg_value(tensor):
    return -torch.finfo(tensor.dtype).max


def sort_key_val(t1, t2, dim=-1):
    values, indices = t1.sort(dim=dim)
    t2 = t2.expand_as(t1)
    return values, t2.gather(dim, indices)


def batched_index_select(values, indices):
    last_dim = values.shape[-1]
    return values.gather(1, indices[:, :, None].expand(-1, -1, last_dim))


class LSHAttention(nn.Module):
    """lucidrains/reformer-pytorch LSHAttention (einops-free parts kept)."""
    def __init__(self, dropout=0.1, bucket_size=4, n_hashes=2, causal=False):
        super().__init__()
        self.dropout = nn.Dropout(dropout)
        self.bucket_size = bucket_size
        self.n_hashes = n_hashes
        self.causal = causal

    def hash_vectors(self, n_buckets, vecs):
        batch_size = vecs.shape[0]
        device = vecs.device
        assert n_buckets % 2 == 0
        rot_size = n_buckets
        rotations_shape = (1, vecs.shape[-1], self.n_hashes, rot_size // 2)
        random_rotations = torch.randn(rotations_shape, dtype=vecs.dtype, device=device).expand(batch_size, -1, -1, -1)
        dropped_vecs = vecs
        rotated_vecs = torch.einsum('btf,bfhi->bhti', dropped_vecs, random_rotations)
        rotated_vecs = torch.cat([rotated_vecs, -rotated_vecs], dim=-1)
        buckets = torch.argmax(rotated_vecs, dim=-1)
        offsets = torch.arange(self.n_hashes, device=device)
        offsets = torch.reshape(offsets * n_buckets, (1, -1, 1))
        buckets = torch.reshape(buckets + offsets, (batch_size, -1,))
        return buckets

    def forward(self, qk, v):
        batch_size, seqlen, dim, device = *qk.shape, qk.device
        assert seqlen % (self.bucket_size * 2) == 0
        n_buckets = seqlen // self.bucket_size
        buckets = self.hash_vectors(n_buckets, qk)
        total_hashes = self.n_hashes
        ticker = torch.arange(total_hashes * seqlen, device=device).unsqueeze(0).expand_as(buckets)
        buckets_and_t = seqlen * buckets + (ticker % seqlen)
        buckets_and_t = buckets_and_t.detach()
        sbuckets_and_t, sticker = sort_key_val(buckets_and_t, ticker, dim=-1)
        _, undo_sort = sticker.sort(dim=-1)
        del ticker
        sbuckets_and_t = sbuckets_and_t.detach()
        sticker = sticker.detach()
        undo_sort = undo_sort.detach()
        st = (sticker % seqlen)
        sqk = batched_index_select(qk, st)
        sv = batched_index_select(v, st)
        chunk_size = total_hashes * n_buckets
        bq_t = bkv_t = torch.reshape(st, (batch_size, chunk_size, -1))
        bqk = torch.reshape(sqk, (batch_size, chunk_size, -1, dim))
        bv = torch.reshape(sv, (batch_size, chunk_size, -1, dim))
        bq = bqk
        bk = F.normalize(bqk, p=2, dim=-1).type_as(bq)

        def look_one_back(x):
            x_extra = torch.cat([x[:, -1:, ...], x[:, :-1, ...]], dim=1)
            return torch.cat([x, x_extra], dim=2)

        bk = look_one_back(bk)
        bv = look_one_back(bv)
        bkv_t = look_one_back(bkv_t)
        dots = torch.einsum('bhie,bhje->bhij', bq, bk) * (dim ** -0.5)
        masked_value = max_neg_value(dots)
        if self.causal:
            mask = bq_t[:, :, :, None] < bkv_t[:, :, None, :]
            dots.masked_fill_(mask, masked_value)
            del mask
        self_mask = bq_t[:, :, :, None] == bkv_t[:, :, None, :]
        dots.masked_fill_(self_mask, TOKEN_SELF_ATTN_VALUE)
        del self_mask
        dots_logsumexp = torch.logsumexp(dots, dim=-1, keepdim=True)
        dots = torch.exp(dots - dots_logsumexp).type_as(dots)
        dropped_dots = self.dropout(dots)
        bo = torch.einsum('buij,buje->buie', dropped_dots, bv)
        so = torch.reshape(bo, (batch_size, -1, dim))
        slogits = torch.reshape(dots_logsumexp, (batch_size, -1,))
        o = batched_index_select(so, undo_sort)
        logits = slogits.gather(1, undo_sort)
        o = torch.reshape(o, (batch_size, total_hashes, seqlen, dim))
        logits = torch.reshape(logits, (batch_size, total_hashes, seqlen, 1))
        probs = torch.exp(logits - torch.logsumexp(logits, dim=1, keepdim=True))
        out = torch.sum(o * probs, dim=1)
        return out


class ReformerLM(nn.Module):
    def __init__(self, vocab=32, dim=16, heads=2, causal=True):
        super().__init__()
        self.emb = nn.Embedding(vocab, dim)
        self.norm = nn.LayerNorm(dim)
        self.toqk = nn.Linear(dim, dim, bias=False)
        self.tov = nn.Linear(dim, dim, bias=False)
        self.to_out = nn.Linear(dim, dim)
        self.lsh = LSHAttention(causal=causal)
        self.heads = heads
        self.ff = nn.Sequential(nn.LayerNorm(dim), nn.Linear(dim, 32), nn.GELU(), nn.Linear(32, dim))
        self.logits = nn.Linear(dim, vocab)

    def forward(self, ids, labels):
        x = self.emb(ids)
        b, t, e = x.shape
        h = self.heads
        xn = self.norm(x)
        qk, v = self.toqk(xn), self.tov(xn)

        def merge_heads(v):
            return v.view(b, t, h, -1).transpose(1, 2).reshape(b * h, t, -1)

        def split_heads(v):
            return v.view(b, h, t, -1).transpose(1, 2).contiguous()

        out = self.lsh(merge_heads(qk), merge_heads(v))
        x = x + self.to_out(split_heads(out).view(b, t, -1))
        x = x + self.ff(x)
        return F.cross_entropy(self.logits(x).view(-1, 32), labels.view(-1))


def lsh():
    torch.manual_seed(0)
    return ReformerLM(), (torch.randint(0, 32, (2, 16)), torch.randint(0, 32, (2, 16)))


# ---------------------------------------------------------------- entmax
def _make_ix_like(X, dim):
    d = X.size(dim)
    rho = torch.arange(1, d + 1, device=X.device, dtype=X.dtype)
    view = [1] * X.dim()
    view[0] = -1
    return rho.view(view).transpose(0, dim)


def _sparsemax_threshold_and_support(X, dim=-1, k=None):
    if k is None or k >= X.shape[dim]:
        topk, _ = torch.sort(X, dim=dim, descending=True)
    else:
        topk, _ = torch.topk(X, k=k, dim=dim)
    topk_cumsum = topk.cumsum(dim) - 1
    rhos = _make_ix_like(topk, dim)
    support = rhos * topk > topk_cumsum
    support_size = support.sum(dim=dim).unsqueeze(dim)
    tau = topk_cumsum.gather(dim, support_size - 1)
    tau /= support_size.to(X.dtype)
    return tau, support_size


def _entmax_threshold_and_support(X, dim=-1, k=None):
    if k is None or k >= X.shape[dim]:
        Xsrt, _ = torch.sort(X, dim=dim, descending=True)
    else:
        Xsrt, _ = torch.topk(X, k=k, dim=dim)
    rho = _make_ix_like(Xsrt, dim)
    mean = Xsrt.cumsum(dim) / rho
    mean_sq = (Xsrt ** 2).cumsum(dim) / rho
    ss = rho * (mean_sq - mean ** 2)
    delta = (1 - ss) / rho
    delta_nz = torch.clamp(delta, 0)
    tau = mean - torch.sqrt(delta_nz)
    support_size = (tau <= Xsrt).sum(dim).unsqueeze(dim)
    tau_star = tau.gather(dim, support_size - 1)
    return tau_star, support_size


class SparsemaxFunction(Function):
    @classmethod
    def forward(cls, ctx, X, dim=-1, k=None):
        ctx.dim = dim
        max_val, _ = X.max(dim=dim, keepdim=True)
        X = X - max_val
        tau, supp_size = _sparsemax_threshold_and_support(X, dim=dim, k=k)
        output = torch.clamp(X - tau, min=0)
        ctx.save_for_backward(supp_size, output)
        return output

    @classmethod
    def backward(cls, ctx, grad_output):
        supp_size, output = ctx.saved_tensors
        dim = ctx.dim
        grad_input = grad_output.clone()
        grad_input[output == 0] = 0
        v_hat = grad_input.sum(dim=dim) / supp_size.to(output.dtype).squeeze(dim)
        v_hat = v_hat.unsqueeze(dim)
        grad_input = torch.where(output != 0, grad_input - v_hat, grad_input)
        return grad_input, None, None


class Entmax15Function(Function):
    @classmethod
    def forward(cls, ctx, X, dim=0, k=None):
        ctx.dim = dim
        max_val, _ = X.max(dim=dim, keepdim=True)
        X = X - max_val
        X = X / 2
        tau_star, _ = _entmax_threshold_and_support(X, dim=dim, k=k)
        Y = torch.clamp(X - tau_star, min=0) ** 2
        ctx.save_for_backward(Y)
        return Y

    @classmethod
    def backward(cls, ctx, dY):
        Y, = ctx.saved_tensors
        gppr = Y.sqrt()
        dX = dY * gppr
        q = dX.sum(ctx.dim) / gppr.sum(ctx.dim)
        q = q.unsqueeze(ctx.dim)
        dX -= q * gppr
        return dX, None, None


def sparsemax(X, dim=-1, k=None):
    return SparsemaxFunction.apply(X, dim, k)


def entmax15(X, dim=-1, k=None):
    return Entmax15Function.apply(X, dim, k)


class EntmaxAttnClassifier(nn.Module):
    """Sparse attention (entmax15 over keys) + a sparsemax feature selector
    over features (TabNet-style attentive transformer, dim=1 of a 2D)."""
    def __init__(self, d_in=10, d=16, heads=2, n_cls=3):
        super().__init__()
        self.select = nn.Linear(d_in, d_in)
        self.bn = nn.BatchNorm1d(d_in)
        self.inp = nn.Linear(1, d)
        self.qkv = nn.Linear(d, 3 * d)
        self.out = nn.Linear(d, d)
        self.heads = heads
        self.cls = nn.Linear(d, n_cls)

    def forward(self, x, y):
        M = sparsemax(self.bn(self.select(x)), 1)
        tokens = self.inp((M * x).unsqueeze(-1))
        b, n, d = tokens.shape
        q, k, v = self.qkv(tokens).chunk(3, dim=-1)
        q, k, v = (t.view(b, n, self.heads, -1).transpose(1, 2) for t in (q, k, v))
        att = entmax15(q @ k.transpose(-2, -1) / math.sqrt(d // self.heads), dim=-1)
        h = (att @ v).transpose(1, 2).reshape(b, n, d)
        h = tokens + self.out(h)
        return F.cross_entropy(self.cls(h.mean(1)), y)


def entmax():
    torch.manual_seed(0)
    return EntmaxAttnClassifier(), (torch.randn(4, 10), torch.tensor([0, 2, 1, 0]))


# ---------------------------------------------------------------- lovasz
def lovasz_grad(gt_sorted):
    p = len(gt_sorted)
    gts = gt_sorted.sum()
    intersection = gts - gt_sorted.float().cumsum(0)
    union = gts + (1 - gt_sorted).float().cumsum(0)
    jaccard = 1. - intersection / union
    if p > 1:
        jaccard[1:p] = jaccard[1:p] - jaccard[0:-1]
    return jaccard


def lovasz_hinge_flat(logits, labels):
    if len(labels) == 0:
        return logits.sum() * 0.
    signs = 2. * labels.float() - 1.
    errors = (1. - logits * Variable(signs))
    errors_sorted, perm = torch.sort(errors, dim=0, descending=True)
    perm = perm.data
    gt_sorted = labels[perm]
    grad = lovasz_grad(gt_sorted)
    loss = torch.dot(F.relu(errors_sorted), Variable(grad))
    return loss


def lovasz_softmax_flat(probas, labels, classes='present'):
    if probas.numel() == 0:
        return probas * 0.
    C = probas.size(1)
    losses = []
    class_to_sum = list(range(C)) if classes in ['all', 'present'] else classes
    for c in class_to_sum:
        fg = (labels == c).float()
        if (classes == 'present' and fg.sum() == 0):
            continue
        class_pred = probas[:, c]
        errors = (Variable(fg) - class_pred).abs()
        errors_sorted, perm = torch.sort(errors, 0, descending=True)
        perm = perm.data
        fg_sorted = fg[perm]
        losses.append(torch.dot(errors_sorted, Variable(lovasz_grad(fg_sorted))))
    return sum(losses) / len(losses)


class LovaszSegNet(nn.Module):
    def __init__(self, n_cls=3, classes='present'):
        super().__init__()
        self.net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Conv2d(8, 8, 3, padding=2, dilation=2),
                                 nn.ReLU())
        self.seg = nn.Conv2d(8, n_cls, 1)
        self.edge = nn.Conv2d(8, 1, 1)
        self.classes = classes

    def forward(self, img, labels, edges):
        h = self.net(img)
        probas = F.softmax(self.seg(h), dim=1)
        B, C, H, W = probas.size()
        probas = probas.permute(0, 2, 3, 1).contiguous().view(-1, C)
        l_soft = lovasz_softmax_flat(probas, labels.view(-1), classes=self.classes)
        l_hinge = lovasz_hinge_flat(self.edge(h).view(-1), edges.view(-1))
        return l_soft + l_hinge


def lovasz():
    torch.manual_seed(0)
    labels = torch.randint(0, 2, (2, 6, 6))  # class 2 absent: 'present' skips it
    return LovaszSegNet(), (torch.randn(2, 3, 6, 6), labels, torch.randint(0, 2, (2, 6, 6)))


def lovasz_all():
    """The same with classes='all' (no `fg.sum() == 0` branch)."""
    torch.manual_seed(0)
    labels = torch.randint(0, 3, (2, 6, 6))
    return LovaszSegNet(classes='all'), (torch.randn(2, 3, 6, 6), labels, torch.randint(0, 2, (2, 6, 6)))


# ---------------------------------------------------------------- adain
def calc_mean_std(feat, eps=1e-5):
    size = feat.size()
    assert (len(size) == 4)
    N, C = size[:2]
    feat_var = feat.view(N, C, -1).var(dim=2) + eps
    feat_std = feat_var.sqrt().view(N, C, 1, 1)
    feat_mean = feat.view(N, C, -1).mean(dim=2).view(N, C, 1, 1)
    return feat_mean, feat_std


def adaptive_instance_normalization(content_feat, style_feat):
    assert (content_feat.size()[:2] == style_feat.size()[:2])
    size = content_feat.size()
    style_mean, style_std = calc_mean_std(style_feat)
    content_mean, content_std = calc_mean_std(content_feat)
    normalized_feat = (content_feat - content_mean.expand(size)) / content_std.expand(size)
    return normalized_feat * style_std.expand(size) + style_mean.expand(size)


class AdaINNet(nn.Module):
    """naoto0804/pytorch-AdaIN net.Net with a shrunk VGG (frozen)."""
    def __init__(self):
        super().__init__()
        vgg = nn.Sequential(
            nn.Conv2d(3, 3, (1, 1)),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(3, 8, (3, 3)), nn.ReLU(),  # relu1-1
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(8, 8, (3, 3)), nn.ReLU(),
            nn.MaxPool2d((2, 2), (2, 2), (0, 0), ceil_mode=True),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(8, 12, (3, 3)), nn.ReLU(),  # relu2-1
            nn.MaxPool2d((2, 2), (2, 2), (0, 0), ceil_mode=True),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(12, 16, (3, 3)), nn.ReLU())  # relu3-1
        self.decoder = nn.Sequential(
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(16, 12, (3, 3)), nn.ReLU(),
            nn.Upsample(scale_factor=2, mode='nearest'),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(12, 8, (3, 3)), nn.ReLU(),
            nn.Upsample(scale_factor=2, mode='nearest'),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(8, 8, (3, 3)), nn.ReLU(),
            nn.ReflectionPad2d((1, 1, 1, 1)), nn.Conv2d(8, 3, (3, 3)))
        enc_layers = list(vgg.children())
        self.enc_1 = nn.Sequential(*enc_layers[:4])
        self.enc_2 = nn.Sequential(*enc_layers[4:11])
        self.enc_3 = nn.Sequential(*enc_layers[11:])
        self.mse_loss = nn.MSELoss()
        for name in ['enc_1', 'enc_2', 'enc_3']:
            for param in getattr(self, name).parameters():
                param.requires_grad = False

    def encode_with_intermediate(self, input):
        results = [input]
        for i in range(3):
            func = getattr(self, 'enc_{:d}'.format(i + 1))
            results.append(func(results[-1]))
        return results[1:]

    def encode(self, input):
        for i in range(3):
            input = getattr(self, 'enc_{:d}'.format(i + 1))(input)
        return input

    def calc_content_loss(self, input, target):
        assert (input.size() == target.size())
        assert (target.requires_grad is False)
        return self.mse_loss(input, target)

    def calc_style_loss(self, input, target):
        assert (input.size() == target.size())
        assert (target.requires_grad is False)
        input_mean, input_std = calc_mean_std(input)
        target_mean, target_std = calc_mean_std(target)
        return self.mse_loss(input_mean, target_mean) + self.mse_loss(input_std, target_std)

    def forward(self, content, style, alpha=1.0):
        assert 0 <= alpha <= 1
        style_feats = self.encode_with_intermediate(style)
        content_feat = self.encode(content)
        t = adaptive_instance_normalization(content_feat, style_feats[-1])
        t = alpha * t + (1 - alpha) * content_feat
        g_t = self.decoder(t)
        g_t_feats = self.encode_with_intermediate(g_t)
        loss_c = self.calc_content_loss(g_t_feats[-1], t)
        loss_s = self.calc_style_loss(g_t_feats[0], style_feats[0])
        for i in range(1, 3):
            loss_s += self.calc_style_loss(g_t_feats[i], style_feats[i])
        return loss_c + 10.0 * loss_s


def adain():
    torch.manual_seed(0)
    return AdaINNet(), (torch.rand(2, 3, 12, 12), torch.rand(2, 3, 12, 12))


# ---------------------------------------------------------------- dncnn_ssim
def gaussian(window_size, sigma):
    gauss = torch.Tensor([math.exp(-(x - window_size // 2) ** 2 / float(2 * sigma ** 2)) for x in range(window_size)])
    return gauss / gauss.sum()


def create_window(window_size, channel):
    _1D_window = gaussian(window_size, 1.5).unsqueeze(1)
    _2D_window = _1D_window.mm(_1D_window.t()).float().unsqueeze(0).unsqueeze(0)
    window = Variable(_2D_window.expand(channel, 1, window_size, window_size).contiguous())
    return window


def _ssim(img1, img2, window, window_size, channel, size_average=True):
    mu1 = F.conv2d(img1, window, padding=window_size // 2, groups=channel)
    mu2 = F.conv2d(img2, window, padding=window_size // 2, groups=channel)
    mu1_sq = mu1.pow(2)
    mu2_sq = mu2.pow(2)
    mu1_mu2 = mu1 * mu2
    sigma1_sq = F.conv2d(img1 * img1, window, padding=window_size // 2, groups=channel) - mu1_sq
    sigma2_sq = F.conv2d(img2 * img2, window, padding=window_size // 2, groups=channel) - mu2_sq
    sigma12 = F.conv2d(img1 * img2, window, padding=window_size // 2, groups=channel) - mu1_mu2
    C1 = 0.01 ** 2
    C2 = 0.03 ** 2
    ssim_map = ((2 * mu1_mu2 + C1) * (2 * sigma12 + C2)) / ((mu1_sq + mu2_sq + C1) * (sigma1_sq + sigma2_sq + C2))
    if size_average:
        return ssim_map.mean()
    else:
        return ssim_map.mean(1).mean(1).mean(1)


class SSIM(torch.nn.Module):
    """Po-Hsun-Su/pytorch-ssim's SSIM module (window kept as a plain attribute)."""
    def __init__(self, window_size=11, size_average=True):
        super(SSIM, self).__init__()
        self.window_size = window_size
        self.size_average = size_average
        self.channel = 1
        self.window = create_window(window_size, self.channel)

    def forward(self, img1, img2):
        (_, channel, _, _) = img1.size()
        if channel == self.channel and self.window.data.type() == img1.data.type():
            window = self.window
        else:
            window = create_window(self.window_size, channel)
            if img1.is_cuda:
                window = window.cuda(img1.get_device())
            window = window.type_as(img1)
            self.window = window
            self.channel = channel
        return _ssim(img1, img2, window, self.window_size, channel, self.size_average)


class DnCNN(nn.Module):
    """SaoYan/DnCNN-PyTorch's DnCNN (17 layers, 8 features)."""
    def __init__(self, channels=1, num_of_layers=17, features=8):
        super(DnCNN, self).__init__()
        kernel_size = 3
        padding = 1
        layers = []
        layers.append(nn.Conv2d(in_channels=channels, out_channels=features, kernel_size=kernel_size, padding=padding, bias=False))
        layers.append(nn.ReLU(inplace=True))
        for _ in range(num_of_layers - 2):
            layers.append(nn.Conv2d(in_channels=features, out_channels=features, kernel_size=kernel_size, padding=padding, bias=False))
            layers.append(nn.BatchNorm2d(features))
            layers.append(nn.ReLU(inplace=True))
        layers.append(nn.Conv2d(in_channels=features, out_channels=channels, kernel_size=kernel_size, padding=padding, bias=False))
        self.dncnn = nn.Sequential(*layers)
        self.ssim = SSIM()

    def forward(self, noisy, clean):
        out = noisy - self.dncnn(noisy)
        return (1 - self.ssim(out, clean)) + 0.15 * F.l1_loss(out, clean)


def dncnn_ssim():
    torch.manual_seed(0)
    clean = torch.rand(2, 1, 16, 16)
    return DnCNN(), (clean + 0.1 * torch.randn(2, 1, 16, 16), clean)


# ---------------------------------------------------------------- neural_process
class LatentEncoder(nn.Module):
    def __init__(self, x_dim=1, y_dim=1, h=16, z=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(x_dim + y_dim, h), nn.ReLU(), nn.Linear(h, h), nn.ReLU())
        self.mean = nn.Linear(h, z)
        self.log_var = nn.Linear(h, z)

    def forward(self, x, y):
        hidden = self.mlp(torch.cat([x, y], dim=-1)).mean(dim=1)
        mu = self.mean(hidden)
        log_sigma = self.log_var(hidden)
        sigma = 0.1 + 0.9 * torch.sigmoid(log_sigma)
        return torch.distributions.Independent(torch.distributions.Normal(mu, sigma), 1)


class DeterministicEncoder(nn.Module):
    """Attentive NP's cross-attention (target x attends context)."""
    def __init__(self, x_dim=1, y_dim=1, h=16):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(x_dim + y_dim, h), nn.ReLU(), nn.Linear(h, h))
        self.q = nn.Linear(x_dim, h)
        self.k = nn.Linear(x_dim, h)

    def forward(self, xc, yc, xt):
        r = self.mlp(torch.cat([xc, yc], dim=-1))
        w = torch.softmax(self.q(xt) @ self.k(xc).transpose(1, 2) / math.sqrt(r.size(-1)), dim=-1)
        return w @ r


class NPDecoder(nn.Module):
    def __init__(self, x_dim=1, y_dim=1, h=16, z=8):
        super().__init__()
        self.mlp = nn.Sequential(nn.Linear(x_dim + h + z, h), nn.ReLU(), nn.Linear(h, 2 * y_dim))

    def forward(self, r, z, xt):
        hidden = self.mlp(torch.cat([r, z, xt], dim=-1))
        mu, log_sigma = hidden.chunk(2, dim=-1)
        sigma = 0.1 + 0.9 * F.softplus(log_sigma)
        return torch.distributions.Normal(loc=mu, scale=sigma)


class LatentNP(nn.Module):
    def __init__(self):
        super().__init__()
        self.latent = LatentEncoder()
        self.det = DeterministicEncoder()
        self.dec = NPDecoder()

    def forward(self, xc, yc, xt, yt):
        num_targets = xt.size(1)
        prior = self.latent(xc, yc)
        posterior = self.latent(xt, yt)
        z = posterior.rsample()
        z = z.unsqueeze(1).repeat(1, num_targets, 1)
        r = self.det(xc, yc, xt)
        dist = self.dec(r, z, xt)
        log_p = dist.log_prob(yt).sum(-1)
        kl = torch.distributions.kl_divergence(posterior, prior).unsqueeze(-1)
        loss = -(log_p - kl / num_targets).mean()
        return loss


def neural_process():
    torch.manual_seed(0)
    xt = torch.rand(3, 10, 1) * 4 - 2
    yt = torch.sin(xt * 2) + 0.1 * torch.randn(3, 10, 1)
    return LatentNP(), (xt[:, :4], yt[:, :4], xt, yt)


# ---------------------------------------------------------------- tsm
class TemporalShift(nn.Module):
    """mit-han-lab/temporal-shift-module ops/temporal_shift.py."""
    def __init__(self, net, n_segment=3, n_div=8, inplace=False):
        super(TemporalShift, self).__init__()
        self.net = net
        self.n_segment = n_segment
        self.fold_div = n_div
        self.inplace = inplace

    def forward(self, x):
        x = self.shift(x, self.n_segment, fold_div=self.fold_div, inplace=self.inplace)
        return self.net(x)

    @staticmethod
    def shift(x, n_segment, fold_div=3, inplace=False):
        nt, c, h, w = x.size()
        n_batch = nt // n_segment
        x = x.view(n_batch, n_segment, c, h, w)
        fold = c // fold_div
        if inplace:
            raise NotImplementedError
        else:
            out = torch.zeros_like(x)
            out[:, :-1, :fold] = x[:, 1:, :fold]  # shift left
            out[:, 1:, fold: 2 * fold] = x[:, :-1, fold: 2 * fold]  # shift right
            out[:, :, 2 * fold:] = x[:, :, 2 * fold:]  # not shift
        return out.view(nt, c, h, w)


class TSMBasicBlock(nn.Module):
    def __init__(self, inplanes, planes, stride=1, n_segment=3):
        super().__init__()
        self.conv1 = TemporalShift(nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False), n_segment=n_segment, n_div=4)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = None
        if stride != 1 or inplanes != planes:
            self.downsample = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes))

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        out = self.relu(out)
        return out


class TSN(nn.Module):
    def __init__(self, num_class=4, num_segments=3, dropout=0.5):
        super().__init__()
        self.num_segments = num_segments
        self.new_length = 1
        self.base_model = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True),
                                        TSMBasicBlock(8, 8, n_segment=num_segments),
                                        TSMBasicBlock(8, 16, stride=2, n_segment=num_segments),
                                        nn.AdaptiveAvgPool2d(1))
        self.new_fc = nn.Linear(16, num_class)
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, input, target):
        sample_len = 3 * self.new_length
        base_out = self.base_model(input.view((-1, sample_len) + input.size()[-2:])).flatten(1)
        base_out = self.dropout(base_out)
        base_out = self.new_fc(base_out)
        base_out = base_out.view((-1, self.num_segments) + base_out.size()[1:])
        output = base_out.mean(dim=1, keepdim=True).squeeze(1)
        return F.cross_entropy(output, target)


def tsm():
    torch.manual_seed(0)
    return TSN(), (torch.randn(2, 9, 12, 12), torch.tensor([3, 1]))


# ---------------------------------------------------------------- act
def _gen_timing_signal(length, channels, min_timescale=1.0, max_timescale=1.0e4):
    position = torch.arange(length).float()
    num_timescales = channels // 2
    log_timescale_increment = math.log(float(max_timescale) / float(min_timescale)) / max(num_timescales - 1, 1)
    inv_timescales = min_timescale * torch.exp(torch.arange(num_timescales).float() * -log_timescale_increment)
    scaled_time = position.unsqueeze(1) * inv_timescales.unsqueeze(0)
    signal = torch.cat([torch.sin(scaled_time), torch.cos(scaled_time)], dim=1)
    return signal.view(1, length, channels)


class ACT_basic(nn.Module):
    """andreamad8/Universal-Transformer-Pytorch ACT_basic."""
    def __init__(self, hidden_size):
        super(ACT_basic, self).__init__()
        self.sigma = nn.Sigmoid()
        self.p = nn.Linear(hidden_size, 1)
        self.p.bias.data.fill_(1)
        self.threshold = 1 - 0.1

    def forward(self, state, inputs, fn, time_enc, pos_enc, max_hop):
        halting_probability = torch.zeros(inputs.shape[0], inputs.shape[1])
        remainders = torch.zeros(inputs.shape[0], inputs.shape[1])
        n_updates = torch.zeros(inputs.shape[0], inputs.shape[1])
        previous_state = torch.zeros_like(inputs)
        step = 0
        while (((halting_probability < self.threshold) & (n_updates < max_hop)).byte().any()):
            state = state + time_enc[:, :inputs.shape[1], :].type_as(inputs.data)
            state = state + pos_enc[:, step, :].unsqueeze(1).repeat(1, inputs.shape[1], 1).type_as(inputs.data)
            p = self.sigma(self.p(state)).squeeze(-1)
            still_running = (halting_probability < 1.0).float()
            new_halted = (halting_probability + p * still_running > self.threshold).float() * still_running
            still_running = (halting_probability + p * still_running <= self.threshold).float() * still_running
            halting_probability = halting_probability + p * still_running
            remainders = remainders + new_halted * (1 - halting_probability)
            halting_probability = halting_probability + new_halted * remainders
            n_updates = n_updates + still_running + new_halted
            update_weights = p * still_running + new_halted * remainders
            state = fn(state)
            previous_state = ((state * update_weights.unsqueeze(-1)) + (previous_state * (1 - update_weights.unsqueeze(-1))))
            step += 1
        return previous_state, (remainders, n_updates)


class ACT_fixed(ACT_basic):
    """ACT_basic with the while loop replaced by `for step in range(max_hop)`
    (the halting arithmetic kept: halted positions stop being updated)."""
    def forward(self, state, inputs, fn, time_enc, pos_enc, max_hop):
        halting_probability = torch.zeros(inputs.shape[0], inputs.shape[1])
        remainders = torch.zeros(inputs.shape[0], inputs.shape[1])
        n_updates = torch.zeros(inputs.shape[0], inputs.shape[1])
        previous_state = torch.zeros_like(inputs)
        for step in range(max_hop):
            state = state + time_enc[:, :inputs.shape[1], :]
            state = state + pos_enc[:, step, :].unsqueeze(1).repeat(1, inputs.shape[1], 1)
            p = self.sigma(self.p(state)).squeeze(-1)
            still_running = (halting_probability < 1.0).float()
            new_halted = (halting_probability + p * still_running > self.threshold).float() * still_running
            still_running = (halting_probability + p * still_running <= self.threshold).float() * still_running
            halting_probability = halting_probability + p * still_running
            remainders = remainders + new_halted * (1 - halting_probability)
            halting_probability = halting_probability + new_halted * remainders
            n_updates = n_updates + still_running + new_halted
            update_weights = p * still_running + new_halted * remainders
            state = fn(state)
            previous_state = ((state * update_weights.unsqueeze(-1)) + (previous_state * (1 - update_weights.unsqueeze(-1))))
        return previous_state, (remainders, n_updates)


class UTLayer(nn.Module):
    def __init__(self, d, heads=2):
        super().__init__()
        self.ln1 = nn.LayerNorm(d)
        self.attn = nn.MultiheadAttention(d, heads, batch_first=True)
        self.ln2 = nn.LayerNorm(d)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))

    def forward(self, x):
        h = self.ln1(x)
        x = x + self.attn(h, h, h, need_weights=False)[0]
        return x + self.ff(self.ln2(x))


class UniversalTransformer(nn.Module):
    def __init__(self, vocab=20, d=16, max_hop=4, fixed=False):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layer = UTLayer(d)
        self.act_fn = (ACT_fixed if fixed else ACT_basic)(d)
        self.register_buffer("timing_signal", _gen_timing_signal(16, d))
        self.register_buffer("position_signal", _gen_timing_signal(max_hop, d))
        self.max_hop = max_hop
        self.out = nn.Linear(d, vocab)

    def forward(self, ids, labels):
        x = self.emb(ids)
        y, (remainders, n_updates) = self.act_fn(x, x, self.layer, self.timing_signal, self.position_signal, self.max_hop)
        loss = F.cross_entropy(self.out(y).transpose(1, 2), labels)
        return loss + 0.001 * torch.mean(remainders + n_updates)


def act():
    torch.manual_seed(0)
    return UniversalTransformer(), (torch.randint(0, 20, (2, 7)), torch.randint(0, 20, (2, 7)))


def act_fixed():
    torch.manual_seed(0)
    return UniversalTransformer(fixed=True), (torch.randint(0, 20, (2, 7)), torch.randint(0, 20, (2, 7)))


# ---------------------------------------------------------------- netvlad
class NetVLAD(nn.Module):
    """Nanne/pytorch-NetVlad NetVLAD (the looped form)."""
    def __init__(self, num_clusters=8, dim=16, normalize_input=True, vladv2=False):
        super(NetVLAD, self).__init__()
        self.num_clusters = num_clusters
        self.dim = dim
        self.alpha = 0
        self.vladv2 = vladv2
        self.normalize_input = normalize_input
        self.conv = nn.Conv2d(dim, num_clusters, kernel_size=(1, 1), bias=vladv2)
        self.centroids = nn.Parameter(torch.rand(num_clusters, dim))

    def forward(self, x):
        N, C = x.shape[:2]
        if self.normalize_input:
            x = F.normalize(x, p=2, dim=1)
        soft_assign = self.conv(x).view(N, self.num_clusters, -1)
        soft_assign = F.softmax(soft_assign, dim=1)
        x_flatten = x.view(N, C, -1)
        vlad = torch.zeros([N, self.num_clusters, C], dtype=x.dtype, layout=x.layout, device=x.device)
        for C in range(self.num_clusters):
            residual = x_flatten.unsqueeze(0).permute(1, 0, 2, 3) - \
                self.centroids[C:C + 1, :].expand(x_flatten.size(-1), -1, -1).permute(1, 2, 0).unsqueeze(0)
            residual *= soft_assign[:, C:C + 1, :].unsqueeze(2)
            vlad[:, C:C + 1, :] = residual.sum(dim=-1)
        vlad = F.normalize(vlad, p=2, dim=2)
        vlad = vlad.view(x.size(0), -1)
        vlad = F.normalize(vlad, p=2, dim=1)
        return vlad


class NetVLADModel(nn.Module):
    def __init__(self):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(inplace=True), nn.MaxPool2d(2),
                                     nn.Conv2d(8, 16, 3, padding=1), nn.ReLU(inplace=True))
        self.pool = NetVLAD()
        self.criterion = nn.TripletMarginLoss(margin=0.1 ** 0.5, p=2, reduction='sum')

    def forward(self, query, positives, negatives):
        B, nNeg = query.shape[0], negatives.shape[1]
        input = torch.cat([query, positives, negatives.flatten(0, 1)])
        vlad_encoding = self.pool(self.encoder(input))
        vladQ, vladP, vladN = torch.split(vlad_encoding, [B, B, B * nNeg])
        loss = 0
        for i, negIx in enumerate(range(nNeg)):
            loss += self.criterion(vladQ, vladP, vladN.view(B, nNeg, -1)[:, negIx])
        loss /= nNeg
        return loss


def netvlad():
    torch.manual_seed(0)
    return NetVLADModel(), (torch.randn(2, 3, 8, 8), torch.randn(2, 3, 8, 8), torch.randn(2, 3, 3, 8, 8))


# ---------------------------------------------------------------- bigvgan
def sinc(x: torch.Tensor):
    return torch.where(x == 0, torch.tensor(1., device=x.device, dtype=x.dtype), torch.sin(math.pi * x) / math.pi / x)


def kaiser_sinc_filter1d(cutoff, half_width, kernel_size):
    even = (kernel_size % 2 == 0)
    half_size = kernel_size // 2
    delta_f = 4 * half_width
    A = 2.285 * (half_size - 1) * math.pi * delta_f + 7.95
    if A > 50.:
        beta = 0.1102 * (A - 8.7)
    elif A >= 21.:
        beta = 0.5842 * (A - 21) ** 0.4 + 0.07886 * (A - 21.)
    else:
        beta = 0.
    window = torch.kaiser_window(kernel_size, beta=beta, periodic=False)
    if even:
        time = (torch.arange(-half_size, half_size) + 0.5)
    else:
        time = torch.arange(kernel_size) - half_size
    if cutoff == 0:
        filter_ = torch.zeros_like(time)
    else:
        filter_ = 2 * cutoff * window * sinc(2 * cutoff * time)
        filter_ /= filter_.sum()
    return filter_.view(1, 1, kernel_size)


class LowPassFilter1d(nn.Module):
    def __init__(self, cutoff=0.5, half_width=0.6, stride=1, padding=True, padding_mode='replicate', kernel_size=12):
        super().__init__()
        self.kernel_size = kernel_size
        self.even = (kernel_size % 2 == 0)
        self.pad_left = kernel_size // 2 - int(self.even)
        self.pad_right = kernel_size // 2
        self.stride = stride
        self.padding = padding
        self.padding_mode = padding_mode
        self.register_buffer("filter", kaiser_sinc_filter1d(cutoff, half_width, kernel_size))

    def forward(self, x):
        _, C, _ = x.shape
        if self.padding:
            x = F.pad(x, (self.pad_left, self.pad_right), mode=self.padding_mode)
        return F.conv1d(x, self.filter.expand(C, -1, -1), stride=self.stride, groups=C)


class UpSample1d(nn.Module):
    def __init__(self, ratio=2, kernel_size=None):
        super().__init__()
        self.ratio = ratio
        self.kernel_size = int(6 * ratio // 2) * 2 if kernel_size is None else kernel_size
        self.stride = ratio
        self.pad = self.kernel_size // ratio - 1
        self.pad_left = self.pad * self.stride + (self.kernel_size - self.stride) // 2
        self.pad_right = self.pad * self.stride + (self.kernel_size - self.stride + 1) // 2
        self.register_buffer("filter", kaiser_sinc_filter1d(cutoff=0.5 / ratio, half_width=0.6 / ratio,
                                                            kernel_size=self.kernel_size))

    def forward(self, x):
        _, C, _ = x.shape
        x = F.pad(x, (self.pad, self.pad), mode='replicate')
        x = self.ratio * F.conv_transpose1d(x, self.filter.expand(C, -1, -1), stride=self.stride, groups=C)
        x = x[..., self.pad_left:-self.pad_right]
        return x


class DownSample1d(nn.Module):
    def __init__(self, ratio=2, kernel_size=None):
        super().__init__()
        self.ratio = ratio
        self.kernel_size = int(6 * ratio // 2) * 2 if kernel_size is None else kernel_size
        self.lowpass = LowPassFilter1d(cutoff=0.5 / ratio, half_width=0.6 / ratio, stride=ratio, kernel_size=self.kernel_size)

    def forward(self, x):
        return self.lowpass(x)


class SnakeBeta(nn.Module):
    def __init__(self, in_features, alpha=1.0, alpha_trainable=True, alpha_logscale=True):
        super(SnakeBeta, self).__init__()
        self.in_features = in_features
        self.alpha_logscale = alpha_logscale
        if self.alpha_logscale:
            self.alpha = nn.Parameter(torch.zeros(in_features) * alpha)
            self.beta = nn.Parameter(torch.zeros(in_features) * alpha)
        else:
            self.alpha = nn.Parameter(torch.ones(in_features) * alpha)
            self.beta = nn.Parameter(torch.ones(in_features) * alpha)
        self.alpha.requires_grad = alpha_trainable
        self.beta.requires_grad = alpha_trainable
        self.no_div_by_zero = 0.000000001

    def forward(self, x):
        alpha = self.alpha.unsqueeze(0).unsqueeze(-1)
        beta = self.beta.unsqueeze(0).unsqueeze(-1)
        if self.alpha_logscale:
            alpha = torch.exp(alpha)
            beta = torch.exp(beta)
        x = x + (1.0 / (beta + self.no_div_by_zero)) * pow(torch.sin(x * alpha), 2)
        return x


class Activation1d(nn.Module):
    def __init__(self, activation, up_ratio=2, down_ratio=2, up_kernel_size=12, down_kernel_size=12):
        super().__init__()
        self.act = activation
        self.upsample = UpSample1d(up_ratio, up_kernel_size)
        self.downsample = DownSample1d(down_ratio, down_kernel_size)

    def forward(self, x):
        x = self.upsample(x)
        x = self.act(x)
        x = self.downsample(x)
        return x


def get_padding(kernel_size, dilation=1):
    return int((kernel_size * dilation - dilation) / 2)


class AMPBlock1(nn.Module):
    def __init__(self, channels, kernel_size=3, dilation=(1, 3, 5)):
        super(AMPBlock1, self).__init__()
        wn = nn.utils.weight_norm
        self.convs1 = nn.ModuleList([wn(nn.Conv1d(channels, channels, kernel_size, 1, dilation=d,
                                                  padding=get_padding(kernel_size, d))) for d in dilation])
        self.convs2 = nn.ModuleList([wn(nn.Conv1d(channels, channels, kernel_size, 1, dilation=1,
                                                  padding=get_padding(kernel_size, 1))) for _ in dilation])
        self.num_layers = len(self.convs1) + len(self.convs2)
        self.activations = nn.ModuleList([Activation1d(activation=SnakeBeta(channels, alpha_logscale=True))
                                          for _ in range(self.num_layers)])

    def forward(self, x):
        acts1, acts2 = self.activations[::2], self.activations[1::2]
        for c1, c2, a1, a2 in zip(self.convs1, self.convs2, acts1, acts2):
            xt = a1(x)
            xt = c1(xt)
            xt = a2(xt)
            xt = c2(xt)
            x = xt + x
        return x


class BigVGANTiny(nn.Module):
    def __init__(self, n_mels=8, ch=8):
        super().__init__()
        wn = nn.utils.weight_norm
        self.conv_pre = wn(nn.Conv1d(n_mels, ch, 7, 1, padding=3))
        self.up = wn(nn.ConvTranspose1d(ch, ch // 2, 4, 2, padding=1))
        self.resblock = AMPBlock1(ch // 2)
        self.activation_post = Activation1d(activation=SnakeBeta(ch // 2, alpha_logscale=True))
        self.conv_post = wn(nn.Conv1d(ch // 2, 1, 7, 1, padding=3))

    def forward(self, mel, wav):
        x = self.conv_pre(mel)
        x = self.up(x)
        x = self.resblock(x)
        x = self.activation_post(x)
        x = self.conv_post(x)
        x = torch.tanh(x)
        return F.l1_loss(x, wav) + 0.5 * F.mse_loss(x[..., 1:] - x[..., :-1], wav[..., 1:] - wav[..., :-1])


def bigvgan():
    torch.manual_seed(0)
    m = BigVGANTiny()
    with torch.no_grad():  # snake parameters as after some training
        for n, p in m.named_parameters():
            if n.endswith("alpha") or n.endswith("beta"):
                p.uniform_(-0.5, 0.5)
    return m, (torch.randn(2, 8, 16), torch.tanh(torch.randn(2, 1, 32)))


# ---------------------------------------------------------------- mega
class MultiHeadEMA(nn.Module):
    """fairseq's Mega MultiHeadEMA (unidirectional); the FFT convolution
    replaced by a causal grouped conv1d over a left-padded input."""
    def __init__(self, embed_dim, ndim=2):
        super().__init__()
        self.embed_dim = embed_dim
        self.ndim = ndim
        self.scale = math.sqrt(1.0 / self.ndim)
        self.delta = nn.Parameter(torch.Tensor(embed_dim, ndim, 1))
        self.alpha = nn.Parameter(torch.Tensor(embed_dim, ndim, 1))
        self.beta = nn.Parameter(torch.Tensor(embed_dim, ndim, 1))
        self.gamma = nn.Parameter(torch.Tensor(embed_dim, ndim))
        self.omega = nn.Parameter(torch.Tensor(embed_dim))
        self.reset_parameters()

    def reset_parameters(self):
        with torch.no_grad():
            nn.init.normal_(self.delta, mean=0.0, std=0.2)
            nn.init.normal_(self.alpha, mean=0.0, std=0.2)
            val = torch.ones(self.ndim, 1)
            if self.ndim > 1:
                idx = torch.tensor(list(range(1, self.ndim, 2)))
                val.index_fill_(0, idx, -1.0)
            self.beta.normal_(mean=0.0, std=0.02).add_(val)
            nn.init.normal_(self.gamma, mean=0.0, std=1.0)
            nn.init.normal_(self.omega, mean=0.0, std=1.0)

    def _calc_coeffs(self):
        p = torch.sigmoid(self.delta)
        alpha = torch.sigmoid(self.alpha)
        q = 1.0 - p * alpha
        return p, q

    def _compute_kernel(self, length):
        p, q = self._calc_coeffs()
        vander = torch.arange(length).to(p).view(1, 1, length) * torch.log(q)
        kernel = (p * self.beta) * torch.exp(vander)
        return torch.einsum('dnl,dn->dl', kernel, self.gamma * self.scale)

    def forward(self, x):
        # x: L x B x D (fairseq layout)
        seq_len, bsz, embed_dim = x.size()
        residual = x * self.omega
        x = x.permute(1, 2, 0)
        k = self._compute_kernel(seq_len)
        out = F.conv1d(F.pad(x, (seq_len - 1, 0)), k.flip(-1).unsqueeze(1), groups=embed_dim)
        out = out.type_as(x)
        out = out.permute(2, 0, 1) + residual
        return F.silu(out)


def laplace(x, mu=0.707107, std=0.282095):
    x = (x - mu).div(std * math.sqrt(2.0))
    return 0.5 * (1.0 + torch.erf(x))


class MovingAverageGatedAttention(nn.Module):
    def __init__(self, embed_dim=16, zdim=8, hdim=24):
        super().__init__()
        self.embed_dim, self.zdim, self.hdim = embed_dim, zdim, hdim
        self.move = MultiHeadEMA(embed_dim)
        self.v_proj = nn.Linear(embed_dim, hdim)
        self.mx_proj = nn.Linear(embed_dim, zdim + hdim + 2 * embed_dim)
        self.h_proj = nn.Linear(hdim, embed_dim)
        self.gamma = nn.Parameter(torch.Tensor(2, zdim))
        self.beta = nn.Parameter(torch.Tensor(2, zdim))
        nn.init.normal_(self.gamma, mean=0.0, std=0.02)
        nn.init.constant_(self.beta, 0.0)
        self.norm = nn.LayerNorm(embed_dim)

    def forward(self, x):
        seq_len, bsz, embed_dim = x.size()
        residual = x
        x = self.norm(x)
        v = F.silu(self.v_proj(x))
        mx = self.move(x)
        base = self.mx_proj(mx)
        u, zr, hx = torch.split(base, [self.embed_dim, self.zdim + self.hdim, self.embed_dim], dim=-1)
        u = torch.sigmoid(u)
        z, r = torch.split(F.silu(zr), [self.zdim, self.hdim], dim=-1)
        z = z.unsqueeze(2) * self.gamma + self.beta
        q, k = torch.unbind(z, dim=2)
        q = q.transpose(0, 1)
        k = k.transpose(0, 1)
        v = v.transpose(0, 1)
        qk = torch.bmm(q, k.transpose(1, 2)) / seq_len
        attn_weights = laplace(qk)
        attn_mask = torch.triu(torch.ones(seq_len, seq_len, dtype=torch.bool), 1)
        attn_weights = attn_weights.masked_fill(attn_mask.unsqueeze(0), 0.0)
        h = torch.bmm(attn_weights, v).transpose(0, 1)
        h = F.silu(hx + self.h_proj(h * r))
        out = torch.addcmul(residual, u, h - residual)
        return out


class MegaLM(nn.Module):
    def __init__(self, vocab=24, d=16, n_layers=2):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([MovingAverageGatedAttention(d) for _ in range(n_layers)])
        self.out = nn.Linear(d, vocab)

    def forward(self, ids, labels):
        x = self.emb(ids).transpose(0, 1)
        for layer in self.layers:
            x = layer(x)
        logits = self.out(x.transpose(0, 1))
        return F.cross_entropy(logits.reshape(-1, logits.size(-1)), labels.reshape(-1))


def mega():
    torch.manual_seed(0)
    return MegaLM(), (torch.randint(0, 24, (2, 10)), torch.randint(0, 24, (2, 10)))


# ---------------------------------------------------------------- pwc
def corr(f1, f2, md=2):
    B, C, H, W = f1.shape
    f2p = F.pad(f2, [md] * 4)
    out = []
    for i in range(2 * md + 1):
        for j in range(2 * md + 1):
            out.append((f1 * f2p[:, :, i:i + H, j:j + W]).mean(1, keepdim=True))
    return F.leaky_relu(torch.cat(out, 1), 0.1)


def warp(x, flo):
    """NVlabs/PWC-Net PyTorch warp (grid_sample default align_corners)."""
    B, C, H, W = x.size()
    xx = torch.arange(0, W).view(1, -1).repeat(H, 1)
    yy = torch.arange(0, H).view(-1, 1).repeat(1, W)
    xx = xx.view(1, 1, H, W).repeat(B, 1, 1, 1)
    yy = yy.view(1, 1, H, W).repeat(B, 1, 1, 1)
    grid = torch.cat((xx, yy), 1).float()
    vgrid = Variable(grid) + flo
    vgrid[:, 0, :, :] = 2.0 * vgrid[:, 0, :, :].clone() / max(W - 1, 1) - 1.0
    vgrid[:, 1, :, :] = 2.0 * vgrid[:, 1, :, :].clone() / max(H - 1, 1) - 1.0
    vgrid = vgrid.permute(0, 2, 3, 1)
    output = nn.functional.grid_sample(x, vgrid, align_corners=True)
    mask = torch.autograd.Variable(torch.ones(x.size()))
    mask = nn.functional.grid_sample(mask, vgrid, align_corners=True)
    mask[mask < 0.9999] = 0
    mask[mask > 0] = 1
    return output * mask


def conv(in_planes, out_planes, kernel_size=3, stride=1, padding=1, dilation=1):
    return nn.Sequential(nn.Conv2d(in_planes, out_planes, kernel_size=kernel_size, stride=stride, padding=padding,
                                   dilation=dilation, bias=True), nn.LeakyReLU(0.1))


class PWCTiny(nn.Module):
    def __init__(self, md=2):
        super().__init__()
        self.md = md
        nd = (2 * md + 1) ** 2
        self.conv1 = nn.Sequential(conv(3, 8, stride=2), conv(8, 8))
        self.conv2 = nn.Sequential(conv(8, 12, stride=2), conv(12, 12))
        self.est2 = nn.Sequential(conv(nd, 16), conv(16, 8), nn.Conv2d(8, 2, 3, 1, 1))
        self.deconv2 = nn.ConvTranspose2d(2, 2, 4, 2, 1)
        self.est1 = nn.Sequential(conv(nd + 8 + 2, 16), conv(16, 8, dilation=2, padding=2), nn.Conv2d(8, 2, 3, 1, 1))

    def forward(self, im1, im2, gt_flow):
        c11, c21 = self.conv1(im1), self.conv1(im2)
        c12, c22 = self.conv2(c11), self.conv2(c21)
        flow2 = self.est2(corr(c12, c22, self.md))
        up_flow2 = self.deconv2(flow2)
        warp1 = warp(c21, up_flow2 * 2.0)
        x = torch.cat((corr(c11, warp1, self.md), c11, up_flow2), 1)
        flow1 = up_flow2 + self.est1(x)
        loss = 0
        for flow, w, scale in ((flow1, 0.32, 0.5), (flow2, 0.08, 0.25)):
            target = F.interpolate(gt_flow, size=flow.shape[-2:], mode='bilinear', align_corners=False) * scale
            loss = loss + w * torch.norm(flow - target, p=2, dim=1).mean()
        return loss


def pwc():
    torch.manual_seed(0)
    return PWCTiny(), (torch.randn(2, 3, 16, 16), torch.randn(2, 3, 16, 16), torch.randn(2, 2, 16, 16) * 2)


# ---------------------------------------------------------------- cfc
class LeCun(nn.Module):
    def __init__(self):
        super(LeCun, self).__init__()
        self.tanh = nn.Tanh()

    def forward(self, x):
        return 1.7159 * self.tanh(0.666 * x)


class CfcCell(nn.Module):
    """raminmh/CfC torch_cfc.py CfcCell (default, no_gate=False)."""
    def __init__(self, input_size, hidden_size, hparams):
        super(CfcCell, self).__init__()
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.hparams = hparams
        self._no_gate = False
        backbone_activation = LeCun
        layer_list = [nn.Linear(input_size + hidden_size, hparams["backbone_units"]), backbone_activation()]
        for i in range(1, hparams["backbone_layers"]):
            layer_list.append(nn.Linear(hparams["backbone_units"], hparams["backbone_units"]))
            layer_list.append(backbone_activation())
            if "backbone_dr" in hparams.keys():
                layer_list.append(torch.nn.Dropout(hparams["backbone_dr"]))
        self.backbone = nn.Sequential(*layer_list)
        self.tanh = nn.Tanh()
        self.sigmoid = nn.Sigmoid()
        self.ff1 = nn.Linear(hparams["backbone_units"], hidden_size)
        self.ff2 = nn.Linear(hparams["backbone_units"], hidden_size)
        self.time_a = nn.Linear(hparams["backbone_units"], hidden_size)
        self.time_b = nn.Linear(hparams["backbone_units"], hidden_size)

    def forward(self, input, hx, ts):
        batch_size = input.size(0)
        ts = ts.view(batch_size, 1)
        x = torch.cat([input, hx], 1)
        x = self.backbone(x)
        ff1 = self.tanh(self.ff1(x))
        ff2 = self.tanh(self.ff2(x))
        t_a = self.time_a(x)
        t_b = self.time_b(x)
        t_interp = self.sigmoid(t_a * ts + t_b)
        if self._no_gate:
            new_hidden = ff1 + t_interp * ff2
        else:
            new_hidden = ff1 * (1.0 - t_interp) + t_interp * ff2
        return new_hidden


class Cfc(nn.Module):
    def __init__(self, in_features=4, hidden_size=12, out_feature=3, hparams=None, return_sequences=False,
                 use_mixed=True):
        super(Cfc, self).__init__()
        hparams = hparams or {"backbone_units": 16, "backbone_layers": 2, "backbone_dr": 0.1}
        self.in_features = in_features
        self.hidden_size = hidden_size
        self.out_feature = out_feature
        self.return_sequences = return_sequences
        self.rnn_cell = CfcCell(in_features, hidden_size, hparams)
        self.use_mixed = use_mixed
        if self.use_mixed:
            self.lstm = nn.LSTMCell(in_features, hidden_size)
        self.fc = nn.Linear(self.hidden_size, self.out_feature)

    def forward(self, x, timespans, mask, y):
        device = x.device
        batch_size = x.size(0)
        seq_len = x.size(1)
        true_in_features = x.size(2)
        h_state = torch.zeros((batch_size, self.hidden_size), device=device)
        if self.use_mixed:
            c_state = torch.zeros((batch_size, self.hidden_size), device=device)
        output_sequence = []
        if mask is not None:
            forwarded_output = torch.zeros((batch_size, self.out_feature), device=device)
            forwarded_input = torch.zeros((batch_size, true_in_features), device=device)
            time_since_update = torch.zeros((batch_size, true_in_features), device=device)
        for t in range(seq_len):
            inputs = x[:, t]
            ts = timespans[:, t].squeeze()
            if mask is not None:
                if mask.size(-1) == true_in_features:
                    forwarded_input = (mask[:, t] * inputs + (1 - mask[:, t]) * forwarded_input)
                    time_since_update = (ts.view(batch_size, 1) + time_since_update) * (1 - mask[:, t])
                else:
                    forwarded_input = inputs
                if true_in_features * 2 < self.in_features and mask.size(-1) == true_in_features:
                    inputs = torch.cat((forwarded_input, time_since_update, mask[:, t]), dim=1)
                else:
                    inputs = torch.cat((forwarded_input, mask[:, t]), dim=1)
            if self.use_mixed:
                h_state, c_state = self.lstm(inputs, (h_state, c_state))
            h_state = self.rnn_cell.forward(inputs, h_state, ts)
            if mask is not None:
                cur_mask, _ = torch.max(mask[:, t], dim=1)
                cur_mask = cur_mask.view(batch_size, 1)
                current_output = self.fc(h_state)
                forwarded_output = (cur_mask * current_output + (1.0 - cur_mask) * forwarded_output)
            if self.return_sequences:
                output_sequence.append(self.fc(h_state))
        if self.return_sequences:
            readout = torch.stack(output_sequence, dim=1)
        elif mask is not None:
            readout = forwarded_output
        else:
            readout = self.fc(h_state)
        return F.cross_entropy(readout, y)


def cfc():
    torch.manual_seed(0)
    B, T, Fin = 3, 8, 2
    x = torch.randn(B, T, Fin)
    timespans = torch.rand(B, T, 1) + 0.5
    mask = (torch.rand(B, T, Fin) < 0.7).float()
    return Cfc(in_features=2 * Fin), (x, timespans, mask, torch.tensor([0, 2, 1]))


# ---------------------------------------------------------------- mos
def embedded_dropout(embed, words, dropout=0.1, scale=None):
    if dropout:
        mask = embed.weight.data.new().resize_((embed.weight.size(0), 1)).bernoulli_(1 - dropout).expand_as(embed.weight) / (1 - dropout)
        mask = Variable(mask)
        masked_embed_weight = mask * embed.weight
    else:
        masked_embed_weight = embed.weight
    if scale:
        masked_embed_weight = scale.expand_as(masked_embed_weight) * masked_embed_weight
    padding_idx = embed.padding_idx
    if padding_idx is None:
        padding_idx = -1
    X = F.embedding(words, masked_embed_weight, padding_idx, embed.max_norm, embed.norm_type,
                    embed.scale_grad_by_freq, embed.sparse)
    return X


class LockedDropout(nn.Module):
    def forward(self, x, dropout=0.5):
        if not self.training or not dropout:
            return x
        m = x.data.new(1, x.size(1), x.size(2)).bernoulli_(1 - dropout)
        mask = Variable(m, requires_grad=False) / (1 - dropout)
        mask = mask.expand_as(x)
        return mask * x


class MoSRNNModel(nn.Module):
    """zihangdai/mos model.py (GRU instead of the AWD-LSTM stack)."""
    def __init__(self, ntoken=30, ninp=8, nhid=16, n_experts=3, dropout=0.3, dropouth=0.2, dropouti=0.2,
                 dropoute=0.1, dropoutl=0.2):
        super().__init__()
        self.lockdrop = LockedDropout()
        self.encoder = nn.Embedding(ntoken, ninp)
        self.rnn = nn.GRU(ninp, nhid)
        self.prior = nn.Linear(nhid, n_experts, bias=False)
        self.latent = nn.Sequential(nn.Linear(nhid, n_experts * ninp), nn.Tanh())
        self.decoder = nn.Linear(ninp, ntoken)
        self.decoder.weight = self.encoder.weight
        self.ninp, self.nhid, self.ntoken, self.n_experts = ninp, nhid, ntoken, n_experts
        self.dropout, self.dropouti, self.dropoute, self.dropoutl = dropout, dropouti, dropoute, dropoutl

    def _embed(self, input):
        return embedded_dropout(self.encoder, input, dropout=self.dropoute if self.training else 0)

    def forward(self, input, targets):
        seq_len, batch_size = input.size(0), input.size(1)
        emb = self._embed(input)
        emb = self.lockdrop(emb, self.dropouti)
        output, hidden = self.rnn(emb)
        output = self.lockdrop(output, self.dropout)
        latent = self.latent(output)
        latent = self.lockdrop(latent, self.dropoutl)
        logit = self.decoder(latent.view(-1, self.ninp))
        prior_logit = self.prior(output).contiguous().view(-1, self.n_experts)
        prior = nn.functional.softmax(prior_logit, -1)
        prob = nn.functional.softmax(logit.view(-1, self.ntoken), -1).view(-1, self.n_experts, self.ntoken)
        prob = (prob * prior.unsqueeze(2).expand_as(prob)).sum(1)
        log_prob = torch.log(prob.add_(1e-8))
        model_output = log_prob.view(seq_len, batch_size, self.ntoken)
        return nn.functional.nll_loss(model_output.view(-1, self.ntoken), targets.view(-1))


def mos():
    torch.manual_seed(0)
    return MoSRNNModel(), (torch.randint(0, 30, (7, 2)), torch.randint(0, 30, (7, 2)))


# ---------------------------------------------------------------- rezero_deep
class RZTXEncoderLayer(nn.Module):
    """majumderb/rezero RZTXEncoderLayer."""
    def __init__(self, d_model, nhead, dim_feedforward=16, dropout=0.0, activation='relu'):
        super().__init__()
        self.self_attn = nn.MultiheadAttention(d_model, nhead, dropout=dropout)
        self.linear1 = nn.Linear(d_model, dim_feedforward)
        self.dropout = nn.Dropout(dropout)
        self.linear2 = nn.Linear(dim_feedforward, d_model)
        self.dropout1 = nn.Dropout(dropout)
        self.dropout2 = nn.Dropout(dropout)
        self.resweight = nn.Parameter(torch.Tensor([0]))
        self.activation = F.relu if activation == 'relu' else F.gelu

    def forward(self, src, src_mask=None, src_key_padding_mask=None):
        src2 = src
        src2 = self.self_attn(src2, src2, src2, attn_mask=src_mask, key_padding_mask=src_key_padding_mask)
        src2 = src2[0]
        src2 = src2 * self.resweight
        src = src + self.dropout1(src2)
        src2 = src
        src2 = self.linear2(self.dropout(self.activation(self.linear1(src2))))
        src2 = src2 * self.resweight
        src = src + self.dropout2(src2)
        return src


class ReZeroDeep(nn.Module):
    def __init__(self, n_layers=40, d=8, vocab=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.layers = nn.ModuleList([RZTXEncoderLayer(d, 2) for _ in range(n_layers)])
        self.out = nn.Linear(d, vocab)

    def forward(self, ids, pad_mask, labels):
        x = self.emb(ids).transpose(0, 1)  # S, B, E
        S = x.size(0)
        causal = torch.triu(torch.full((S, S), float('-inf')), diagonal=1)
        for layer in self.layers:
            x = layer(x, src_mask=causal, src_key_padding_mask=pad_mask)
        logits = self.out(x.transpose(0, 1))
        return F.cross_entropy(logits.reshape(-1, logits.size(-1)), labels.reshape(-1), ignore_index=-100)


def rezero_deep():
    torch.manual_seed(0)
    m = ReZeroDeep()
    with torch.no_grad():  # ReZero starts at 0; as after some steps
        for layer in m.layers:
            layer.resweight.fill_(0.2)
    ids = torch.randint(0, 16, (2, 6))
    pad_mask = torch.tensor([[False] * 6, [False] * 4 + [True] * 2])
    labels = torch.randint(0, 16, (2, 6))
    labels[1, 4:] = -100
    return m, (ids, pad_mask, labels)


# ---------------------------------------------------------------- fixup_deep
def conv3x3(in_planes, out_planes, stride=1):
    return nn.Conv2d(in_planes, out_planes, kernel_size=3, stride=stride, padding=1, bias=False)


class FixupBasicBlock(nn.Module):
    """hongyi-zhang/Fixup cifar/models/fixup_resnet_cifar.py."""
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super(FixupBasicBlock, self).__init__()
        self.bias1a = nn.Parameter(torch.zeros(1))
        self.conv1 = conv3x3(inplanes, planes, stride)
        self.bias1b = nn.Parameter(torch.zeros(1))
        self.relu = nn.ReLU(inplace=True)
        self.bias2a = nn.Parameter(torch.zeros(1))
        self.conv2 = conv3x3(planes, planes)
        self.scale = nn.Parameter(torch.ones(1))
        self.bias2b = nn.Parameter(torch.zeros(1))
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.conv1(x + self.bias1a)
        out = self.relu(out + self.bias1b)
        out = self.conv2(out + self.bias2a)
        out = out * self.scale + self.bias2b
        if self.downsample is not None:
            identity = self.downsample(x + self.bias1a)
            identity = torch.cat((identity, torch.mul(identity, 0)), 1)
        out += identity
        out = self.relu(out)
        return out


class FixupResNet(nn.Module):
    def __init__(self, block=FixupBasicBlock, layers=(14, 14, 14), num_classes=5):
        super(FixupResNet, self).__init__()
        self.num_layers = sum(layers)
        self.inplanes = 4
        self.conv1 = conv3x3(3, 4)
        self.bias1 = nn.Parameter(torch.zeros(1))
        self.relu = nn.ReLU(inplace=True)
        self.layer1 = self._make_layer(block, 4, layers[0])
        self.layer2 = self._make_layer(block, 8, layers[1], stride=2)
        self.layer3 = self._make_layer(block, 16, layers[2], stride=2)
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.bias2 = nn.Parameter(torch.zeros(1))
        self.fc = nn.Linear(16, num_classes)
        for m in self.modules():
            if isinstance(m, FixupBasicBlock):
                nn.init.normal_(m.conv1.weight, mean=0, std=math.sqrt(2 / (m.conv1.weight.shape[0] * math.prod(m.conv1.weight.shape[2:]))) * self.num_layers ** (-0.5))
                nn.init.constant_(m.conv2.weight, 0)
            elif isinstance(m, nn.Linear):
                nn.init.constant_(m.weight, 0)
                nn.init.constant_(m.bias, 0)

    def _make_layer(self, block, planes, blocks, stride=1):
        downsample = None
        if stride != 1:
            downsample = nn.AvgPool2d(1, stride=stride)
        layers = []
        layers.append(block(self.inplanes, planes, stride, downsample))
        self.inplanes = planes
        for _ in range(1, blocks):
            layers.append(block(planes, planes))
        return nn.Sequential(*layers)

    def forward(self, x, y):
        x = self.conv1(x)
        x = self.relu(x + self.bias1)
        x = self.layer1(x)
        x = self.layer2(x)
        x = self.layer3(x)
        x = self.avgpool(x)
        x = x.view(x.size(0), -1)
        x = self.fc(x + self.bias2)
        return F.cross_entropy(x, y)


def fixup_deep():
    torch.manual_seed(0)
    m = FixupResNet()
    with torch.no_grad():  # Fixup zero-inits; perturb as after some steps
        for p in m.parameters():
            p.add_(torch.randn_like(p) * 0.05)
    return m, (torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))


# ---------------------------------------------------------------- variants routing around refusals
def _neg_loss_nb(pred, gt):
    """_neg_loss without the `if num_pos == 0` branch (mmdet's
    gaussian_focal_loss style: divide by num_pos clamped at 1)."""
    pos_loss, neg_loss, num_pos = _focal_terms(pred, gt)
    return -(pos_loss + neg_loss) / torch.clamp(num_pos, min=1.0)


class CenterNetNB(CenterNetTiny):
    def _hm_loss(self, pred, gt):
        return _neg_loss_nb(pred, gt)


def centernet_nb():
    m, inputs = centernet()
    torch.manual_seed(0)
    m2 = CenterNetNB()
    m2.load_state_dict(m.state_dict())
    return m2, inputs


def embedded_dropout_b(embed, words, dropout=0.1):
    """embedded_dropout with new_empty instead of .data.new().resize_()."""
    mask = embed.weight.new_empty((embed.weight.size(0), 1)).bernoulli_(1 - dropout).expand_as(embed.weight) / (1 - dropout)
    return F.embedding(words, mask * embed.weight)


class MoSRNNModelB(MoSRNNModel):
    def _embed(self, input):
        return embedded_dropout_b(self.encoder, input, dropout=self.dropoute)


def mos_b():
    torch.manual_seed(0)
    return MoSRNNModelB(), (torch.randint(0, 30, (7, 2)), torch.randint(0, 30, (7, 2)))


MODELS = ["supcon", "hopfield", "mobilevit", "hrnet", "rrdb", "deepsvdd", "predrnn", "centernet", "lsh",
          "entmax", "lovasz", "lovasz_all", "adain", "dncnn_ssim", "neural_process", "tsm", "act", "act_fixed",
          "netvlad", "bigvgan", "mega", "pwc", "cfc", "mos", "rezero_deep", "fixup_deep",
          "centernet_nb", "mos_b"]
