"""Model-level tests: small blocks written the way their communities write
them (nanoGPT, LLaMA, BERT, ViT, ConvNeXt, a GRU unrolled by hand), each
FUNCTION() -> (model, inputs) for compare.py. Sizes are tiny so that the
suite stays fast; the code paths are those of the full-size models."""
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


# -- nanoGPT (Karpathy): float causal-mask buffer, returns (logits, loss) -----

class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout = nn.Dropout(0.1)
        self.resid_dropout = nn.Dropout(0.1)
        self.n_head = n_head
        self.n_embd = n_embd
        self.register_buffer("bias", torch.tril(torch.ones(block_size, block_size))
                             .view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
        att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))
        att = F.softmax(att, dim=-1)
        att = self.attn_dropout(att)
        y = att @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_dropout(self.c_proj(y))


class MLP(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.gelu = nn.GELU()
        self.c_proj = nn.Linear(4 * n_embd, n_embd)
        self.dropout = nn.Dropout(0.1)

    def forward(self, x):
        return self.dropout(self.c_proj(self.gelu(self.c_fc(x))))


class NanoBlock(nn.Module):
    def __init__(self, n_embd, n_head, block_size):
        super().__init__()
        self.ln_1 = nn.LayerNorm(n_embd)
        self.attn = CausalSelfAttention(n_embd, n_head, block_size)
        self.ln_2 = nn.LayerNorm(n_embd)
        self.mlp = MLP(n_embd)

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        x = x + self.mlp(self.ln_2(x))
        return x


class NanoGPT(nn.Module):
    def __init__(self, vocab_size=24, n_embd=16, n_head=2, block_size=8, n_layer=1):
        super().__init__()
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab_size, n_embd),
            wpe=nn.Embedding(block_size, n_embd),
            drop=nn.Dropout(0.1),
            h=nn.ModuleList([NanoBlock(n_embd, n_head, block_size) for _ in range(n_layer)]),
            ln_f=nn.LayerNorm(n_embd),
        ))
        self.lm_head = nn.Linear(n_embd, vocab_size, bias=False)
        self.transformer.wte.weight = self.lm_head.weight  # weight tying

    def forward(self, idx, targets=None):
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.transformer.drop(self.transformer.wte(idx) + self.transformer.wpe(pos))
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        logits = self.lm_head(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss


def nanogpt():
    torch.manual_seed(0)
    idx = torch.randint(0, 24, (2, 8))
    return NanoGPT(), (idx, torch.roll(idx, -1, dims=1))


# -- LLaMA (Meta's model.py, simplified): RMSNorm, rotary, SwiGLU ------------

class RMSNorm(nn.Module):
    def __init__(self, dim, eps=1e-6):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(dim))

    def _norm(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps)

    def forward(self, x):
        return self._norm(x.float()).type_as(x) * self.weight


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin):
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


class LlamaBlock(nn.Module):
    def __init__(self, dim=16, n_heads=2, hidden=32, seq=8):
        super().__init__()
        self.n_heads, self.head_dim = n_heads, dim // n_heads
        self.wq = nn.Linear(dim, dim, bias=False)
        self.wk = nn.Linear(dim, dim, bias=False)
        self.wv = nn.Linear(dim, dim, bias=False)
        self.wo = nn.Linear(dim, dim, bias=False)
        self.w1 = nn.Linear(dim, hidden, bias=False)
        self.w2 = nn.Linear(hidden, dim, bias=False)
        self.w3 = nn.Linear(dim, hidden, bias=False)
        self.attention_norm = RMSNorm(dim)
        self.ffn_norm = RMSNorm(dim)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, self.head_dim, 2).float() / self.head_dim))
        freqs = torch.outer(torch.arange(seq).float(), inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        self.register_buffer("cos", emb.cos()[None, None])
        self.register_buffer("sin", emb.sin()[None, None])
        self.register_buffer("mask", torch.full((seq, seq), float("-inf")).triu(1))

    def forward(self, x):
        bsz, seqlen, _ = x.shape
        h = self.attention_norm(x)
        q = self.wq(h).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        k = self.wk(h).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        v = self.wv(h).view(bsz, seqlen, self.n_heads, self.head_dim).transpose(1, 2)
        q, k = apply_rotary_pos_emb(q, k, self.cos[:, :, :seqlen], self.sin[:, :, :seqlen])
        scores = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(self.head_dim)
        scores = scores + self.mask[:seqlen, :seqlen]
        scores = F.softmax(scores.float(), dim=-1).type_as(q)
        out = torch.matmul(scores, v).transpose(1, 2).contiguous().view(bsz, seqlen, -1)
        h = x + self.wo(out)
        f = self.ffn_norm(h)
        return h + self.w2(F.silu(self.w1(f)) * self.w3(f))


def llama():
    torch.manual_seed(0)
    return LlamaBlock(), (torch.randn(2, 8, 16),)


# -- BERT (Hugging Face style): padding mask from ids != 0 ---------------------

class BertLayer(nn.Module):
    def __init__(self, vocab=30, hidden=16, heads=2, inter=32, seq=8):
        super().__init__()
        self.word_embeddings = nn.Embedding(vocab, hidden, padding_idx=0)
        self.position_embeddings = nn.Embedding(seq, hidden)
        self.token_type_embeddings = nn.Embedding(2, hidden)
        self.emb_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.query = nn.Linear(hidden, hidden)
        self.key = nn.Linear(hidden, hidden)
        self.value = nn.Linear(hidden, hidden)
        self.attn_out = nn.Linear(hidden, hidden)
        self.attn_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.intermediate = nn.Linear(hidden, inter)
        self.output = nn.Linear(inter, hidden)
        self.out_norm = nn.LayerNorm(hidden, eps=1e-12)
        self.pooler = nn.Linear(hidden, hidden)
        self.classifier = nn.Linear(hidden, 3)
        self.dropout = nn.Dropout(0.1)
        self.heads, self.head_size = heads, hidden // heads

    def split_heads(self, x):
        return x.view(x.size()[:-1] + (self.heads, self.head_size)).permute(0, 2, 1, 3)

    def forward(self, input_ids, token_type_ids, labels):
        attention_mask = (input_ids != 0).long()
        ext = attention_mask[:, None, None, :].to(torch.float32)
        ext = (1.0 - ext) * torch.finfo(torch.float32).min
        pos = torch.arange(input_ids.size(1)).unsqueeze(0).expand_as(input_ids)
        h = self.word_embeddings(input_ids) + self.position_embeddings(pos) + \
            self.token_type_embeddings(token_type_ids)
        h = self.dropout(self.emb_norm(h))
        q, k, v = self.split_heads(self.query(h)), self.split_heads(self.key(h)), self.split_heads(self.value(h))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(self.head_size) + ext
        probs = self.dropout(nn.functional.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).permute(0, 2, 1, 3).contiguous()
        ctx = ctx.view(ctx.size()[:-2] + (self.heads * self.head_size,))
        h = self.attn_norm(self.dropout(self.attn_out(ctx)) + h)
        h = self.out_norm(self.dropout(self.output(F.gelu(self.intermediate(h)))) + h)
        pooled = torch.tanh(self.pooler(h[:, 0]))
        logits = self.classifier(self.dropout(pooled))
        return F.cross_entropy(logits, labels)


def bert():
    torch.manual_seed(0)
    ids = torch.randint(1, 30, (2, 8))
    ids[0, 5:] = 0  # padding
    return BertLayer(), (ids, torch.zeros(2, 8, dtype=torch.long), torch.tensor([0, 2]))


# -- ViT (timm style): patch embedding conv, class token, position embedding ---

class Attention(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.scale = (dim // num_heads) ** -0.5
        self.qkv = nn.Linear(dim, dim * 3)
        self.proj = nn.Linear(dim, dim)

    def forward(self, x):
        B, N, C = x.shape
        qkv = self.qkv(x).reshape(B, N, 3, self.num_heads, C // self.num_heads).permute(2, 0, 3, 1, 4)
        q, k, v = qkv.unbind(0)
        attn = (q @ k.transpose(-2, -1)) * self.scale
        attn = attn.softmax(dim=-1)
        x = (attn @ v).transpose(1, 2).reshape(B, N, C)
        return self.proj(x)


class ViTBlock(nn.Module):
    def __init__(self, dim, num_heads):
        super().__init__()
        self.norm1 = nn.LayerNorm(dim, eps=1e-6)
        self.attn = Attention(dim, num_heads)
        self.norm2 = nn.LayerNorm(dim, eps=1e-6)
        self.mlp = nn.Sequential(nn.Linear(dim, 2 * dim), nn.GELU(), nn.Linear(2 * dim, dim))

    def forward(self, x):
        x = x + self.attn(self.norm1(x))
        return x + self.mlp(self.norm2(x))


class ViT(nn.Module):
    def __init__(self, img=8, patch=4, dim=16, heads=2, classes=5):
        super().__init__()
        self.patch_embed = nn.Conv2d(3, dim, kernel_size=patch, stride=patch)
        n = (img // patch) ** 2
        self.cls_token = nn.Parameter(torch.zeros(1, 1, dim))
        self.pos_embed = nn.Parameter(torch.randn(1, n + 1, dim) * .02)
        self.blocks = nn.Sequential(ViTBlock(dim, heads))
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, classes)
        nn.init.normal_(self.cls_token, std=.02)

    def forward(self, x, y):
        x = self.patch_embed(x).flatten(2).transpose(1, 2)
        x = torch.cat((self.cls_token.expand(x.shape[0], -1, -1), x), dim=1)
        x = x + self.pos_embed
        x = self.norm(self.blocks(x))
        return F.cross_entropy(self.head(x[:, 0]), y, label_smoothing=0.1)


def vit():
    torch.manual_seed(0)
    return ViT(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 4]))


# -- ConvNeXt block (facebookresearch/ConvNeXt) --------------------------------

class LayerNorm2d(nn.Module):
    """LayerNorm over channels of NCHW input, as ConvNeXt's channels_first one."""

    def __init__(self, c, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(c))
        self.bias = nn.Parameter(torch.zeros(c))
        self.eps = eps

    def forward(self, x):
        u = x.mean(1, keepdim=True)
        s = (x - u).pow(2).mean(1, keepdim=True)
        x = (x - u) / torch.sqrt(s + self.eps)
        return self.weight[:, None, None] * x + self.bias[:, None, None]


class ConvNeXtBlock(nn.Module):
    def __init__(self, dim, layer_scale_init_value=1e-6):
        super().__init__()
        self.dwconv = nn.Conv2d(dim, dim, kernel_size=7, padding=3, groups=dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.pwconv1 = nn.Linear(dim, 4 * dim)
        self.act = nn.GELU()
        self.pwconv2 = nn.Linear(4 * dim, dim)
        self.gamma = nn.Parameter(layer_scale_init_value * torch.ones((dim)) + 0.5)

    def forward(self, x):
        input = x
        x = self.dwconv(x)
        x = x.permute(0, 2, 3, 1)  # (N, C, H, W) -> (N, H, W, C)
        x = self.norm(x)
        x = self.pwconv1(x)
        x = self.act(x)
        x = self.pwconv2(x)
        x = self.gamma * x
        x = x.permute(0, 3, 1, 2)
        return input + x


class ConvNeXtTiny(nn.Module):
    def __init__(self, dim=8, classes=4):
        super().__init__()
        self.stem = nn.Sequential(nn.Conv2d(3, dim, kernel_size=2, stride=2), LayerNorm2d(dim))
        self.block = ConvNeXtBlock(dim)
        self.norm = nn.LayerNorm(dim, eps=1e-6)
        self.head = nn.Linear(dim, classes)

    def forward(self, x, y):
        x = self.block(self.stem(x))
        x = self.norm(x.mean([-2, -1]))
        return F.cross_entropy(self.head(x), y)


def convnext():
    torch.manual_seed(0)
    return ConvNeXtTiny(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 3]))


# -- A GRU unrolled by hand (the d2l.ai / tutorial way) -------------------------

class GRU(nn.Module):
    def __init__(self, inp=6, hidden=8, classes=3):
        super().__init__()
        self.x2h = nn.Linear(inp, 3 * hidden)
        self.h2h = nn.Linear(hidden, 3 * hidden)
        self.out = nn.Linear(hidden, classes)
        self.hidden = hidden

    def forward(self, x, y):
        h = torch.zeros(x.size(0), self.hidden)
        outs = []
        for t in range(x.size(1)):
            gx = self.x2h(x[:, t, :])
            gh = self.h2h(h)
            i_r, i_i, i_n = gx.chunk(3, 1)
            h_r, h_i, h_n = gh.chunk(3, 1)
            resetgate = torch.sigmoid(i_r + h_r)
            inputgate = torch.sigmoid(i_i + h_i)
            newgate = torch.tanh(i_n + (resetgate * h_n))
            h = newgate + inputgate * (h - newgate)
            outs.append(h)
        hs = torch.stack(outs, dim=1)
        logits = self.out(hs[:, -1])
        return F.mse_loss(logits, y) + 0.1 * hs.var(dim=1).mean()


def gru():
    torch.manual_seed(0)
    return GRU(), (torch.randn(2, 5, 6), torch.randn(2, 3))
