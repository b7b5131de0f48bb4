"""Attention written as seven communities write it, for the FlashAttention
tiling (-remat-tile-attention): fairseq's MultiheadAttention, a Perceiver
cross-attention (lucidrains), x-transformers' causal attention, Hugging Face
Whisper's encoder attention behind its conv stem, Megatron's CoreAttention
(sbhd, baddbmm with beta=0), the Annotated Transformer, and Swin V2's cosine
attention with a learned per-head logit scale (not tiled yet)."""
import copy
import math
import torch
import torch.nn as nn
import torch.nn.functional as F


class FairseqMHA(nn.Module):
    """fairseq's MultiheadAttention (self-attention path): q scaled before
    the bmm, key padding mask on a 4-D view with -inf, softmax in f32 then
    type_as, dropout, bmm."""
    def __init__(s, d=32, h=4, p=0.1):
        super().__init__(); s.h, s.hd = h, d // h; s.scaling = s.hd ** -0.5
        s.q_proj = nn.Linear(d, d); s.k_proj = nn.Linear(d, d); s.v_proj = nn.Linear(d, d); s.out_proj = nn.Linear(d, d)
        s.dropout = nn.Dropout(p)
    def forward(s, x, key_padding_mask):
        tgt_len, bsz, embed_dim = x.size()
        q = s.q_proj(x) * s.scaling; k = s.k_proj(x); v = s.v_proj(x)
        q = q.contiguous().view(tgt_len, bsz * s.h, s.hd).transpose(0, 1)
        k = k.contiguous().view(-1, bsz * s.h, s.hd).transpose(0, 1)
        v = v.contiguous().view(-1, bsz * s.h, s.hd).transpose(0, 1)
        src_len = k.size(1)
        attn_weights = torch.bmm(q, k.transpose(1, 2))
        attn_weights = attn_weights.view(bsz, s.h, tgt_len, src_len)
        attn_weights = attn_weights.masked_fill(key_padding_mask.unsqueeze(1).unsqueeze(2).to(torch.bool), float("-inf"))
        attn_weights = attn_weights.view(bsz * s.h, tgt_len, src_len)
        attn_weights_float = F.softmax(attn_weights.float(), dim=-1)
        attn_weights = attn_weights_float.type_as(attn_weights)
        attn_probs = s.dropout(attn_weights)
        attn = torch.bmm(attn_probs, v)
        attn = attn.transpose(0, 1).contiguous().view(tgt_len, bsz, embed_dim)
        return s.out_proj(attn)
class FairseqNet(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(20, 32); s.attn = FairseqMHA(); s.ln = nn.LayerNorm(32); s.head = nn.Linear(32, 20)
    def forward(s, tokens, pad):
        x = s.emb(tokens).transpose(0, 1)
        x = s.ln(x + s.attn(x, pad))
        return F.cross_entropy(s.head(x).transpose(0, 1).reshape(-1, 20), tokens.reshape(-1))
def fairseq_mha():
    torch.manual_seed(0)
    tokens = torch.randint(1, 20, (2, 12)); pad = torch.zeros(2, 12, dtype=torch.bool); pad[1, 9:] = True
    return FairseqNet(), (tokens, pad)


class PerceiverCross(nn.Module):
    """Perceiver / Perceiver IO cross-attention (lucidrains style, einsum,
    a mask with -finfo.max, latents as queries)."""
    def __init__(s, qd=32, cd=16, h=2, dh=8):
        super().__init__(); inner = h * dh; s.h = h; s.scale = dh ** -0.5
        s.to_q = nn.Linear(qd, inner, bias=False); s.to_kv = nn.Linear(cd, inner * 2, bias=False); s.to_out = nn.Linear(inner, qd)
    def forward(s, x, context, mask):
        h = s.h
        q = s.to_q(x); k, v = s.to_kv(context).chunk(2, dim=-1)
        q, k, v = map(lambda t: t.reshape(t.shape[0], t.shape[1], h, -1).permute(0, 2, 1, 3).reshape(t.shape[0] * h, t.shape[1], -1), (q, k, v))
        sim = torch.einsum("b i d, b j d -> b i j", q, k) * s.scale
        max_neg_value = -torch.finfo(sim.dtype).max
        mask = mask.repeat_interleave(h, dim=0)[:, None, :]
        sim = sim.masked_fill(~mask, max_neg_value)
        attn = sim.softmax(dim=-1)
        out = torch.einsum("b i j, b j d -> b i d", attn, v)
        out = out.reshape(-1, h, out.shape[1], out.shape[2]).permute(0, 2, 1, 3).reshape(-1, out.shape[1], h * out.shape[2])
        return s.to_out(out)
class PerceiverNet(nn.Module):
    def __init__(s):
        super().__init__(); s.latents = nn.Parameter(torch.randn(8, 32)); s.cross = PerceiverCross(); s.ff = nn.Sequential(nn.LayerNorm(32), nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32))
    def forward(s, data, mask, target):
        x = s.latents.unsqueeze(0).expand(data.shape[0], -1, -1)
        x = s.cross(x, data, mask) + x
        x = s.ff(x) + x
        return F.mse_loss(x.mean(1), target)
def perceiver():
    torch.manual_seed(0)
    mask = torch.ones(2, 40, dtype=torch.bool); mask[0, 29:] = False
    return PerceiverNet(), (torch.randn(2, 40, 16), mask, torch.randn(2, 32))


class XTransformersAttn(nn.Module):
    """x-transformers style: einsum over b h i d, causal mask from
    torch.ones(i, j).triu(j - i + 1), masked_fill with -finfo.max, dropout."""
    def __init__(s, d=32, h=4, p=0.1):
        super().__init__(); s.h = h; s.scale = (d // h) ** -0.5
        s.to_q = nn.Linear(d, d, bias=False); s.to_k = nn.Linear(d, d, bias=False); s.to_v = nn.Linear(d, d, bias=False); s.to_out = nn.Linear(d, d)
        s.drop = nn.Dropout(p)
    def forward(s, x):
        b, n, _ = x.shape; h = s.h
        q, k, v = (t(x).view(b, n, h, -1).transpose(1, 2) for t in (s.to_q, s.to_k, s.to_v))
        dots = torch.einsum("b h i d, b h j d -> b h i j", q, k) * s.scale
        i, j = dots.shape[-2:]
        causal_mask = torch.ones((i, j), dtype=torch.bool).triu(j - i + 1)
        dots = dots.masked_fill(causal_mask, -torch.finfo(dots.dtype).max)
        attn = s.drop(dots.softmax(dim=-1))
        out = torch.einsum("b h i j, b h j d -> b h i d", attn, v)
        return s.to_out(out.transpose(1, 2).reshape(b, n, -1))
class XTNet(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(30, 32); s.layers = nn.ModuleList([XTransformersAttn() for _ in range(2)]); s.norm = nn.LayerNorm(32); s.head = nn.Linear(32, 30)
    def forward(s, idx):
        x = s.emb(idx)
        for l in s.layers:
            x = x + l(s.norm(x))
        return F.cross_entropy(s.head(x[:, :-1]).reshape(-1, 30), idx[:, 1:].reshape(-1))
def xtransformers():
    torch.manual_seed(0); return XTNet(), (torch.randint(0, 30, (2, 12)),)


class WhisperAttention(nn.Module):
    """Hugging Face Whisper/BART attention: q_proj(x) * scaling, shape to
    (bsz * heads, len, dim), bmm, softmax, F.dropout (Whisper's
    attention_dropout is 0.0), bmm."""
    def __init__(s, d=32, h=4, p=0.0):
        super().__init__(); s.h, s.hd = h, d // h; s.scaling = s.hd ** -0.5; s.dropout = p
        s.k_proj = nn.Linear(d, d, bias=False); s.v_proj = nn.Linear(d, d); s.q_proj = nn.Linear(d, d); s.out_proj = nn.Linear(d, d)
    def _shape(s, t, seq_len, bsz):
        return t.view(bsz, seq_len, s.h, s.hd).transpose(1, 2).contiguous()
    def forward(s, hidden_states):
        bsz, tgt_len, _ = hidden_states.size()
        query_states = s.q_proj(hidden_states) * s.scaling
        key_states = s._shape(s.k_proj(hidden_states), -1, bsz)
        value_states = s._shape(s.v_proj(hidden_states), -1, bsz)
        proj_shape = (bsz * s.h, -1, s.hd)
        query_states = s._shape(query_states, tgt_len, bsz).view(*proj_shape)
        key_states = key_states.reshape(*proj_shape); value_states = value_states.reshape(*proj_shape)
        attn_weights = torch.bmm(query_states, key_states.transpose(1, 2))
        attn_weights = F.softmax(attn_weights, dim=-1)
        attn_probs = F.dropout(attn_weights, p=s.dropout, training=s.training)
        attn_output = torch.bmm(attn_probs, value_states)
        attn_output = attn_output.view(bsz, s.h, tgt_len, s.hd).transpose(1, 2).reshape(bsz, tgt_len, -1)
        return s.out_proj(attn_output)
class WhisperEnc(nn.Module):
    def __init__(s):
        super().__init__(); s.conv1 = nn.Conv1d(8, 32, 3, padding=1); s.conv2 = nn.Conv1d(32, 32, 3, stride=2, padding=1)
        s.pos = nn.Parameter(torch.randn(24, 32) * 0.02); s.ln = nn.LayerNorm(32); s.attn = WhisperAttention(); s.ln2 = nn.LayerNorm(32)
        s.fc = nn.Sequential(nn.Linear(32, 64), nn.GELU(), nn.Linear(64, 32))
    def forward(s, mel, target):
        x = F.gelu(s.conv2(F.gelu(s.conv1(mel)))).permute(0, 2, 1) + s.pos
        x = x + s.attn(s.ln(x))
        x = x + s.fc(s.ln2(x))
        return F.mse_loss(x.mean(1), target)
def whisper():
    torch.manual_seed(0); return WhisperEnc(), (torch.randn(2, 8, 48), torch.randn(2, 32))


class MegatronCoreAttn(nn.Module):
    """Megatron's CoreAttention (sbhd): baddbmm into an empty buffer with
    beta=0 and alpha=1/norm_factor, scaled-masked softmax written out
    (mask with -10000.0), attention dropout, bmm, back to sbh."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h, s.hd = h, d // h; s.norm_factor = math.sqrt(s.hd)
        s.qkv = nn.Linear(d, 3 * d); s.dense = nn.Linear(d, d); s.attention_dropout = nn.Dropout(0.1)
    def forward(s, hidden_states, attention_mask):
        sq, b, _ = hidden_states.shape
        mixed = s.qkv(hidden_states).view(sq, b, s.h, 3 * s.hd)
        query_layer, key_layer, value_layer = torch.split(mixed, s.hd, dim=3)
        output_size = (query_layer.size(1), query_layer.size(2), query_layer.size(0), key_layer.size(0))
        query_layer = query_layer.reshape(output_size[2], output_size[0] * output_size[1], -1)
        key_layer = key_layer.reshape(output_size[3], output_size[0] * output_size[1], -1)
        matmul_input_buffer = torch.empty(output_size[0] * output_size[1], output_size[2], output_size[3], dtype=query_layer.dtype)
        matmul_result = torch.baddbmm(matmul_input_buffer, query_layer.transpose(0, 1), key_layer.transpose(0, 1).transpose(1, 2),
                                      beta=0.0, alpha=(1.0 / s.norm_factor))
        attention_scores = matmul_result.view(*output_size)
        attention_scores = attention_scores.masked_fill(attention_mask, -10000.0)
        attention_probs = torch.nn.Softmax(dim=-1)(attention_scores)
        attention_probs = s.attention_dropout(attention_probs)
        output_size = (value_layer.size(1), value_layer.size(2), query_layer.size(0), value_layer.size(3))
        value_layer = value_layer.reshape(value_layer.size(0), output_size[0] * output_size[1], -1)
        attention_probs = attention_probs.view(output_size[0] * output_size[1], output_size[2], -1)
        context_layer = torch.bmm(attention_probs, value_layer.transpose(0, 1))
        context_layer = context_layer.view(*output_size).permute(2, 0, 1, 3).contiguous()
        return s.dense(context_layer.view(sq, b, -1))
class MegatronNet(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(25, 32); s.ln = nn.LayerNorm(32); s.attn = MegatronCoreAttn(); s.head = nn.Linear(32, 25)
    def forward(s, tokens):
        x = s.emb(tokens).transpose(0, 1).contiguous()
        sq = x.shape[0]
        mask = torch.triu(torch.ones(sq, sq, dtype=torch.bool), diagonal=1).view(1, 1, sq, sq)
        x = x + s.attn(s.ln(x), mask)
        logits = s.head(x).transpose(0, 1)
        return F.cross_entropy(logits[:, :-1].reshape(-1, 25), tokens[:, 1:].reshape(-1))
def megatron():
    torch.manual_seed(0); return MegatronNet(), (torch.randint(0, 25, (2, 12)),)


def attention(query, key, value, mask=None, dropout=None):
    """The Annotated Transformer's attention (masked_fill(mask == 0, -1e9),
    the probabilities returned and kept on the module, as written there)."""
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, value), p_attn
class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model, dropout=0.1):
        super().__init__(); self.d_k = d_model // h; self.h = h
        self.linears = nn.ModuleList([copy.deepcopy(nn.Linear(d_model, d_model)) for _ in range(4)])
        self.attn = None; self.dropout = nn.Dropout(p=dropout)
    def forward(self, query, key, value, mask=None):
        if mask is not None:
            mask = mask.unsqueeze(1)
        nbatches = query.size(0)
        query, key, value = [lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2) for lin, x in zip(self.linears, (query, key, value))]
        x, self.attn = attention(query, key, value, mask=mask, dropout=self.dropout)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        del query; del key; del value
        return self.linears[-1](x)
def subsequent_mask(size):
    attn_shape = (1, size, size)
    return torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8) == 0
class Annotated(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(20, 32); s.self_attn = MultiHeadedAttention(4, 32); s.norm = nn.LayerNorm(32); s.out = nn.Linear(32, 20)
    def forward(s, tgt):
        x = s.emb(tgt) * math.sqrt(32)
        mask = (tgt != 0).unsqueeze(-2) & subsequent_mask(tgt.size(-1)).type_as(tgt.data)
        x = x + s.self_attn(s.norm(x), s.norm(x), s.norm(x), mask)
        return F.cross_entropy(s.out(x[:, :-1]).reshape(-1, 20), tgt[:, 1:].reshape(-1))
def annotated():
    torch.manual_seed(0); t = torch.randint(1, 20, (2, 12)); t[1, 9:] = 0
    return Annotated(), (t,)
class SwinV2Attn(nn.Module):
    "Swin V2 cosine attention with a learned per-head logit scale."
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.qkv = nn.Linear(d, 3 * d); s.proj = nn.Linear(d, d)
        s.logit_scale = nn.Parameter(torch.log(10 * torch.ones((h, 1, 1))))
    def forward(s, x):
        B, N, C = x.shape
        q, k, v = s.qkv(x).reshape(B, N, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        attn = F.normalize(q, dim=-1) @ F.normalize(k, dim=-1).transpose(-2, -1)
        logit_scale = torch.clamp(s.logit_scale, max=math.log(1. / 0.01)).exp()
        attn = attn * logit_scale
        attn = attn.softmax(dim=-1)
        return s.proj((attn @ v).transpose(1, 2).reshape(B, N, C)).pow(2).mean()
def swinv2():
    torch.manual_seed(0); return SwinV2Attn(), (torch.randn(2, 16, 32),)
MODELS = ["fairseq_mha", "perceiver", "xtransformers", "whisper", "megatron", "annotated", "swinv2"]
