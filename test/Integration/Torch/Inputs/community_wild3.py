"""A third set of models written the way their communities write them,
none seen by remat before (session 17): each FUNCTION() returns
(model, example_inputs) for compare.py, the importer and train.py.

Language models (Hugging Face style): mistral (sliding-window causal mask,
GQA through repeat_interleave, RMSNorm, SwiGLU, rotate_half RoPE from
position_ids), qwen2 (q/k/v biases, an additive finfo.min mask built with
torch.full + triu), phi2 (partial rotary on part of the head dim, parallel
attention + MLP, gelu_new written out), mpt (ALiBi, clip_qkv clamp),
bigcode (GPT-BigCode's multi-query attention), roberta (position ids from
a cumsum of the padding mask, token types, ELECTRA's discriminator loss),
albert (one layer's parameters shared across layers, factorized
embedding), deberta (disentangled attention: c2p/p2c through torch.gather
on relative positions), xpos / ntk_rope (rotary variants), mlm (masked LM
labels through torch.where, label smoothing with ignore_index).

Vision: beit (relative position bias table gathered by index, layer
scale), dino (DINO head with weight_norm, a centering buffer updated in
forward), resnext (grouped convs), seresnet, mobilenetv3 (hardswish,
hardsigmoid SE), shufflenet (channel shuffle), ghostnet, effnetv2 (fused
MBConv), attn_unet (attention gates), pixelcnn (masked conv), dit
(AdaLN-zero), uvit (long skip concat), sd_xattn (Stable Diffusion's
cross attention with context and GEGLU), vit22b (parallel block with
QK layer norm), clip_clamp (logit_scale.exp().clamp(max=100)).

Sequences and the rest: gmlp (spatial gating unit), linear_attn (elu+1,
causal through cumsum), performer (random features), informer (ProbSparse
top-k query selection, gathers and a scatter), slstm (exponential gating
with a running-max stabilizer), tacotron (location-sensitive attention),
deltanet (a gated delta rule loop), ctc (F.ctc_loss), deepfm, dcn, gin
(index_add sum aggregation), graphormer (a dense graph transformer with a
degree embedding and spatial bias), hypernet (F.linear with a computed
weight), siren, tabtransformer, timesnet (period folding reshapes),
patchtst (Tensor.unfold patches, RevIN), film, glow (actnorm and an
invertible 1x1 conv with torch.slogdet).
"""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


# ---------------------------------------------------------------- LLMs

class RMSNorm(nn.Module):
    def __init__(s, d, eps=1e-6):
        super().__init__(); s.weight = nn.Parameter(torch.ones(d)); s.variance_epsilon = eps
    def forward(s, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + s.variance_epsilon)
        return s.weight * hidden_states.to(input_dtype)


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2:]
    return torch.cat((-x2, x1), dim=-1)


def apply_rotary_pos_emb(q, k, cos, sin, position_ids, unsqueeze_dim=1):
    cos = cos[position_ids].unsqueeze(unsqueeze_dim)
    sin = sin[position_ids].unsqueeze(unsqueeze_dim)
    return (q * cos) + (rotate_half(q) * sin), (k * cos) + (rotate_half(k) * sin)


class RotaryEmbedding(nn.Module):
    def __init__(s, dim, max_position_embeddings=32, base=10000.0):
        super().__init__()
        inv_freq = 1.0 / (base ** (torch.arange(0, dim, 2).float() / dim))
        s.register_buffer("inv_freq", inv_freq, persistent=False)
        t = torch.arange(max_position_embeddings, dtype=torch.float32)
        freqs = torch.outer(t, inv_freq)
        emb = torch.cat((freqs, freqs), dim=-1)
        s.register_buffer("cos_cached", emb.cos(), persistent=False)
        s.register_buffer("sin_cached", emb.sin(), persistent=False)
    def forward(s, x, seq_len):
        return s.cos_cached[:seq_len].to(x.dtype), s.sin_cached[:seq_len].to(x.dtype)


class MistralAttention(nn.Module):
    def __init__(s, hidden=32, heads=4, kv_heads=2, window=4, bias=False):
        super().__init__(); s.num_heads, s.num_key_value_heads, s.head_dim = heads, kv_heads, hidden // heads
        s.num_key_value_groups = heads // kv_heads; s.sliding_window = window
        s.q_proj = nn.Linear(hidden, heads * s.head_dim, bias=bias); s.k_proj = nn.Linear(hidden, kv_heads * s.head_dim, bias=bias)
        s.v_proj = nn.Linear(hidden, kv_heads * s.head_dim, bias=bias); s.o_proj = nn.Linear(heads * s.head_dim, hidden, bias=False)
        s.rotary_emb = RotaryEmbedding(s.head_dim)
    def forward(s, hidden_states, attention_mask, position_ids):
        bsz, q_len, _ = hidden_states.size()
        q = s.q_proj(hidden_states).view(bsz, q_len, s.num_heads, s.head_dim).transpose(1, 2)
        k = s.k_proj(hidden_states).view(bsz, q_len, s.num_key_value_heads, s.head_dim).transpose(1, 2)
        v = s.v_proj(hidden_states).view(bsz, q_len, s.num_key_value_heads, s.head_dim).transpose(1, 2)
        cos, sin = s.rotary_emb(v, seq_len=q_len)
        q, k = apply_rotary_pos_emb(q, k, cos, sin, position_ids)
        k = torch.repeat_interleave(k, dim=1, repeats=s.num_key_value_groups)
        v = torch.repeat_interleave(v, dim=1, repeats=s.num_key_value_groups)
        attn_weights = torch.matmul(q, k.transpose(2, 3)) / math.sqrt(s.head_dim)
        attn_weights = attn_weights + attention_mask
        attn_weights = F.softmax(attn_weights, dim=-1, dtype=torch.float32).to(q.dtype)
        out = torch.matmul(attn_weights, v).transpose(1, 2).contiguous().reshape(bsz, q_len, -1)
        return s.o_proj(out)


class MistralMLP(nn.Module):
    def __init__(s, hidden=32, inter=64):
        super().__init__(); s.gate_proj = nn.Linear(hidden, inter, bias=False); s.up_proj = nn.Linear(hidden, inter, bias=False); s.down_proj = nn.Linear(inter, hidden, bias=False)
        s.act_fn = nn.SiLU()
    def forward(s, x):
        return s.down_proj(s.act_fn(s.gate_proj(x)) * s.up_proj(x))


class MistralLM(nn.Module):
    def __init__(s, vocab=40, hidden=32, layers=2, window=4, bias=False):
        super().__init__(); s.window = window
        s.embed_tokens = nn.Embedding(vocab, hidden)
        s.layers = nn.ModuleList()
        for _ in range(layers):
            layer = nn.Module(); layer.self_attn = MistralAttention(hidden, window=window, bias=bias); layer.mlp = MistralMLP(hidden)
            layer.input_layernorm = RMSNorm(hidden); layer.post_attention_layernorm = RMSNorm(hidden)
            s.layers.append(layer)
        s.norm = RMSNorm(hidden); s.lm_head = nn.Linear(hidden, vocab, bias=False)
    def _mask(s, attention_mask, T, dtype):
        # _prepare_4d_causal_attention_mask with a sliding window
        tensor = torch.full((T, T), fill_value=1)
        mask = torch.tril(tensor, diagonal=0)
        mask = torch.triu(mask, diagonal=-s.window)
        mask = torch.log(mask).to(dtype)  # 0 inside the window, -inf outside
        pad = (1.0 - attention_mask[:, None, None, :].to(dtype)) * torch.finfo(dtype).min
        return mask[None, None] + pad
    def forward(s, input_ids, attention_mask, labels):
        B, T = input_ids.shape
        position_ids = (attention_mask.long().cumsum(-1) - 1).clamp(min=0)
        h = s.embed_tokens(input_ids)
        mask = s._mask(attention_mask, T, h.dtype)
        for layer in s.layers:
            h = h + layer.self_attn(layer.input_layernorm(h), mask, position_ids)
            h = h + layer.mlp(layer.post_attention_layernorm(h))
        logits = s.lm_head(s.norm(h)).float()
        shift_logits = logits[..., :-1, :].contiguous(); shift_labels = labels[..., 1:].contiguous()
        return F.cross_entropy(shift_logits.view(-1, shift_logits.size(-1)), shift_labels.view(-1))
def mistral():
    torch.manual_seed(0); ids = torch.randint(0, 40, (2, 10)); m = torch.ones(2, 10, dtype=torch.long)
    labels = ids.clone(); labels[1, -2:] = -100
    return MistralLM(), (ids, m, labels)


class Qwen2LM(MistralLM):
    """Qwen2: q/k/v projections with biases, plain causal mask built as
    torch.full(finfo.min).triu(1), right padding."""
    def __init__(s):
        super().__init__(bias=True)
    def _mask(s, attention_mask, T, dtype):
        causal = torch.full((T, T), torch.finfo(dtype).min, dtype=dtype).triu(1)
        causal = causal[None, None].expand(attention_mask.shape[0], 1, -1, -1).clone()
        padding = causal + attention_mask[:, None, None, :]
        padding = padding == 0
        causal = causal.masked_fill(padding, torch.finfo(dtype).min)
        return causal
def qwen2():
    torch.manual_seed(0); ids = torch.randint(0, 40, (2, 10)); m = torch.ones(2, 10, dtype=torch.long); m[1, 7:] = 0
    labels = ids.masked_fill(m == 0, -100)
    return Qwen2LM(), (ids, m, labels)


class NewGELUActivation(nn.Module):
    def forward(s, input):
        return 0.5 * input * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))


class PhiBlock(nn.Module):
    def __init__(s, hidden=32, heads=4, partial_rotary_factor=0.5):
        super().__init__(); s.h, s.hd = heads, hidden // heads
        s.rotary_ndims = int(partial_rotary_factor * s.hd)
        s.input_layernorm = nn.LayerNorm(hidden, eps=1e-5)
        s.q_proj = nn.Linear(hidden, hidden); s.k_proj = nn.Linear(hidden, hidden); s.v_proj = nn.Linear(hidden, hidden); s.dense = nn.Linear(hidden, hidden)
        s.fc1 = nn.Linear(hidden, 4 * hidden); s.fc2 = nn.Linear(4 * hidden, hidden); s.act = NewGELUActivation()
        s.rotary_emb = RotaryEmbedding(s.rotary_ndims); s.resid_dropout = nn.Dropout(0.1)
    def forward(s, hidden_states, position_ids):
        residual = hidden_states
        x = s.input_layernorm(hidden_states)
        B, T, C = x.shape
        q = s.q_proj(x).view(B, T, s.h, s.hd).transpose(1, 2)
        k = s.k_proj(x).view(B, T, s.h, s.hd).transpose(1, 2)
        v = s.v_proj(x).view(B, T, s.h, s.hd).transpose(1, 2)
        cos, sin = s.rotary_emb(v, seq_len=T)
        q_rot, q_pass = q[..., : s.rotary_ndims], q[..., s.rotary_ndims:]
        k_rot, k_pass = k[..., : s.rotary_ndims], k[..., s.rotary_ndims:]
        q_rot, k_rot = apply_rotary_pos_emb(q_rot, k_rot, cos, sin, position_ids)
        q = torch.cat((q_rot, q_pass), dim=-1); k = torch.cat((k_rot, k_pass), dim=-1)
        # Phi upcasts q and k to fp32 for the scores
        attn_weights = torch.matmul(q.to(torch.float32), k.to(torch.float32).transpose(2, 3)) / math.sqrt(s.hd)
        causal = torch.triu(torch.full((T, T), float("-inf")), diagonal=1)
        attn_weights = F.softmax(attn_weights + causal, dim=-1, dtype=torch.float32).to(v.dtype)
        attn = torch.matmul(attn_weights, v).transpose(1, 2).reshape(B, T, C)
        attn_outputs = s.dense(attn)
        feed_forward_hidden_states = s.resid_dropout(s.fc2(s.act(s.fc1(x))))
        return s.resid_dropout(attn_outputs) + feed_forward_hidden_states + residual
class Phi2(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(30, 32); s.layers = nn.ModuleList([PhiBlock(), PhiBlock()]); s.final_layernorm = nn.LayerNorm(32); s.lm_head = nn.Linear(32, 30)
    def forward(s, input_ids, labels):
        position_ids = torch.arange(input_ids.shape[1], dtype=torch.long).unsqueeze(0)
        h = s.emb(input_ids)
        for l in s.layers:
            h = l(h, position_ids)
        logits = s.lm_head(s.final_layernorm(h)).float()
        return F.cross_entropy(logits[:, :-1].reshape(-1, 30), labels[:, 1:].reshape(-1))
def phi2():
    torch.manual_seed(0); ids = torch.randint(0, 30, (2, 9)); return Phi2(), (ids, ids)


class MPTBlock(nn.Module):
    """MosaicML MPT: ALiBi built from a full range (alibi_bias_max=8),
    clip_qkv clamps the fused Wqkv output, no biases, low-precision
    LayerNorm written as F.layer_norm without a bias."""
    def __init__(s, d=32, h=4, clip_qkv=0.5, alibi_bias_max=8):
        super().__init__(); s.h = h; s.clip_qkv = clip_qkv
        s.norm_1_weight = nn.Parameter(torch.ones(d))
        s.Wqkv = nn.Linear(d, 3 * d, bias=False); s.out_proj = nn.Linear(d, d, bias=False)
        s.norm_2 = nn.LayerNorm(d); s.up_proj = nn.Linear(d, 4 * d, bias=False); s.down_proj = nn.Linear(4 * d, d, bias=False)
        _n_heads = 2 ** math.ceil(math.log2(h))
        m = torch.arange(1, _n_heads + 1, dtype=torch.float32).mul(alibi_bias_max / _n_heads)
        s.register_buffer("slopes", (1.0 / torch.pow(2, m)).view(1, h, 1, 1), persistent=False)
    def forward(s, x):
        B, T, C = x.shape
        qkv = s.Wqkv(F.layer_norm(x, (C,), s.norm_1_weight, None, 1e-5))
        qkv = qkv.clamp(min=-s.clip_qkv, max=s.clip_qkv)
        q, k, v = qkv.chunk(3, dim=2)
        q = q.view(B, T, s.h, -1).transpose(1, 2); k = k.view(B, T, s.h, -1).permute(0, 2, 3, 1); v = v.view(B, T, s.h, -1).transpose(1, 2)
        alibi_bias = torch.arange(1 - T, 1, dtype=torch.int32).view(1, 1, 1, T)
        alibi_bias = alibi_bias * s.slopes
        attn_weight = q.matmul(k) * (1 / math.sqrt(C // s.h)) + alibi_bias
        causal_mask = torch.ones(T, T, dtype=torch.bool).tril().logical_not()
        attn_weight = attn_weight.masked_fill(causal_mask.view(1, 1, T, T), torch.finfo(q.dtype).min)
        attn_weight = torch.softmax(attn_weight, dim=-1)
        out = attn_weight.matmul(v).transpose(1, 2).reshape(B, T, C)
        x = x + s.out_proj(out)
        return x + s.down_proj(F.gelu(s.up_proj(s.norm_2(x)), approximate="none"))
class MPT(nn.Module):
    def __init__(s):
        super().__init__(); s.wte = nn.Embedding(24, 32); nn.init.normal_(s.wte.weight, std=0.02); s.blocks = nn.ModuleList([MPTBlock(), MPTBlock()]); s.norm_f = nn.LayerNorm(32)
    def forward(s, ids):
        h = s.wte(ids)
        for b in s.blocks:
            h = b(h)
        logits = F.linear(s.norm_f(h), s.wte.weight)  # tied
        return F.cross_entropy(logits[:, :-1].reshape(-1, 24), ids[:, 1:].reshape(-1))
def mpt():
    torch.manual_seed(0); return MPT(), (torch.randint(0, 24, (2, 10)),)


class GPTBigCodeAttention(nn.Module):
    """Multi-query attention: one key/value head shared by all query heads;
    the queries folded into the batch dim of a baddbmm as SantaCoder does."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h, s.hd = h, d // h; s.embed_dim = d
        s.c_attn = nn.Linear(d, d + 2 * s.hd); s.c_proj = nn.Linear(d, d); s.ln_1 = nn.LayerNorm(d); s.ln_2 = nn.LayerNorm(d)
        s.mlp = nn.Sequential(nn.Linear(d, 4 * d), nn.GELU(approximate="tanh"), nn.Linear(4 * d, d)); s.attn_dropout = nn.Dropout(0.1)
        s.register_buffer("bias", torch.tril(torch.ones(16, 16, dtype=torch.bool)), persistent=False)
    def forward(s, hidden):
        B, T, C = hidden.shape
        query, key_value = s.c_attn(s.ln_1(hidden)).split((s.embed_dim, 2 * s.hd), dim=2)
        key, value = key_value.split((s.hd, s.hd), dim=-1)
        query = query.reshape(B, T * s.h, s.hd)  # (B, T*H, hd): heads folded into the query length
        scale_factor = 1 / s.hd ** 0.5
        attn_weights = torch.empty(B, T * s.h, T, dtype=query.dtype)
        attn_weights = torch.baddbmm(attn_weights, query, key.transpose(-1, -2), beta=0, alpha=scale_factor).view(B, T, s.h, T)
        mask = s.bias[:T, :T].view(1, T, 1, T)
        attn_weights = torch.where(mask, attn_weights, torch.full([], torch.finfo(attn_weights.dtype).min))
        attn_weights = s.attn_dropout(F.softmax(attn_weights, dim=-1))
        attn_output = torch.bmm(attn_weights.view(B, T * s.h, T), value).view(B, T, C)
        hidden = hidden + s.c_proj(attn_output)
        return hidden + s.mlp(s.ln_2(hidden))
class BigCode(nn.Module):
    def __init__(s):
        super().__init__(); s.wte = nn.Embedding(20, 32); s.wpe = nn.Embedding(16, 32); nn.init.normal_(s.wte.weight, std=0.02); nn.init.normal_(s.wpe.weight, std=0.02); s.h = nn.ModuleList([GPTBigCodeAttention(), GPTBigCodeAttention()]); s.ln_f = nn.LayerNorm(32)
    def forward(s, ids):
        pos = torch.arange(0, ids.shape[1], dtype=torch.long).unsqueeze(0)
        x = s.wte(ids) + s.wpe(pos)
        for b in s.h:
            x = b(x)
        logits = s.ln_f(x) @ s.wte.weight.T
        return F.cross_entropy(logits[:, :-1].reshape(-1, 20), ids[:, 1:].reshape(-1))
def bigcode():
    torch.manual_seed(0); return BigCode(), (torch.randint(0, 20, (2, 8)),)


def create_position_ids_from_input_ids(input_ids, padding_idx, past_key_values_length=0):
    mask = input_ids.ne(padding_idx).int()
    incremental_indices = (torch.cumsum(mask, dim=1).type_as(mask) + past_key_values_length) * mask
    return incremental_indices.long() + padding_idx
class RobertaEmbeddings(nn.Module):
    def __init__(s, vocab=30, hidden=32, max_pos=20, type_vocab=2, pad=1):
        super().__init__(); s.padding_idx = pad
        s.word_embeddings = nn.Embedding(vocab, hidden, padding_idx=pad); s.position_embeddings = nn.Embedding(max_pos, hidden, padding_idx=pad)
        s.token_type_embeddings = nn.Embedding(type_vocab, hidden); s.LayerNorm = nn.LayerNorm(hidden, eps=1e-12); s.dropout = nn.Dropout(0.1)
    def forward(s, input_ids, token_type_ids):
        position_ids = create_position_ids_from_input_ids(input_ids, s.padding_idx)
        e = s.word_embeddings(input_ids) + s.token_type_embeddings(token_type_ids) + s.position_embeddings(position_ids)
        return s.dropout(s.LayerNorm(e))
class Electra(nn.Module):
    """RoBERTa-style embeddings feeding nn.TransformerEncoder with a key
    padding mask, and ELECTRA's replaced-token-detection head: BCE with
    logits on the non-padding tokens only (a float mask)."""
    def __init__(s):
        super().__init__(); s.embeddings = RobertaEmbeddings()
        s.encoder = nn.TransformerEncoder(nn.TransformerEncoderLayer(32, 4, 64, 0.1, activation="gelu", batch_first=True), 2, enable_nested_tensor=False)
        s.dense = nn.Linear(32, 32); s.dense_prediction = nn.Linear(32, 1)
    def forward(s, input_ids, token_type_ids, attention_mask, labels):
        h = s.encoder(s.embeddings(input_ids, token_type_ids), src_key_padding_mask=attention_mask == 0)
        logits = s.dense_prediction(F.gelu(s.dense(h))).squeeze(-1)
        active = attention_mask.view(-1, h.shape[1]) == 1
        loss = F.binary_cross_entropy_with_logits(logits, labels.float(), reduction="none")
        return (loss * active).sum() / active.sum()
def roberta():
    torch.manual_seed(0); ids = torch.randint(3, 30, (2, 9)); ids[1, 6:] = 1; m = (ids != 1).long()
    tt = torch.zeros_like(ids); tt[:, 5:] = 1
    return Electra(), (ids, tt, m, torch.randint(0, 2, (2, 9)))


class AlbertLayer(nn.Module):
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h
        s.query = nn.Linear(d, d); s.key = nn.Linear(d, d); s.value = nn.Linear(d, d); s.dense = nn.Linear(d, d); s.LayerNorm = nn.LayerNorm(d, eps=1e-12)
        s.ffn = nn.Linear(d, 64); s.ffn_output = nn.Linear(64, d); s.full_layer_layer_norm = nn.LayerNorm(d, eps=1e-12)
        s.attention_dropout = nn.Dropout(0.1)
    def forward(s, x, ext_mask):
        B, T, C = x.shape
        q, k, v = (f(x).view(B, T, s.h, -1).permute(0, 2, 1, 3) for f in (s.query, s.key, s.value))
        scores = torch.matmul(q, k.transpose(-1, -2)) / math.sqrt(C // s.h) + ext_mask
        probs = s.attention_dropout(F.softmax(scores, dim=-1))
        ctx = torch.matmul(probs, v).transpose(2, 1).flatten(2)
        x = s.LayerNorm(x + s.dense(ctx))
        ffn = s.ffn_output(F.gelu(s.ffn(x)))
        return s.full_layer_layer_norm(ffn + x)
class Albert(nn.Module):
    def __init__(s, layers=3):
        super().__init__(); s.num_hidden_layers = layers
        s.word_embeddings = nn.Embedding(30, 16); s.position_embeddings = nn.Embedding(16, 16); s.LayerNorm = nn.LayerNorm(16)
        s.embedding_hidden_mapping_in = nn.Linear(16, 32); s.albert_layer = AlbertLayer()
        s.pooler = nn.Linear(32, 32); s.sop = nn.Linear(32, 2)
        s.mlm_dense = nn.Linear(32, 16); s.mlm_ln = nn.LayerNorm(16); s.mlm_bias = nn.Parameter(torch.zeros(30))
    def forward(s, ids, attention_mask, mlm_labels, sop_label):
        T = ids.shape[1]
        e = s.LayerNorm(s.word_embeddings(ids) + s.position_embeddings(torch.arange(T)[None]))
        ext = (1.0 - attention_mask[:, None, None, :].float()) * -10000.0
        h = s.embedding_hidden_mapping_in(e)
        for _ in range(s.num_hidden_layers):  # the same layer, shared
            h = s.albert_layer(h, ext)
        pooled = torch.tanh(s.pooler(h[:, 0]))
        m = s.mlm_ln(F.gelu(s.mlm_dense(h)))
        logits = torch.matmul(m, s.word_embeddings.weight.t()) + s.mlm_bias  # decoder tied
        return F.cross_entropy(logits.view(-1, 30), mlm_labels.view(-1)) + F.cross_entropy(s.sop(pooled), sop_label)
def albert():
    torch.manual_seed(0); ids = torch.randint(0, 30, (2, 8)); m = torch.ones(2, 8, dtype=torch.long); m[0, 6:] = 0
    lab = torch.full((2, 8), -100); lab[0, 2] = ids[0, 2]; lab[1, 5] = ids[1, 5]; lab[1, 1] = 3
    return Albert(), (ids, m, lab, torch.tensor([0, 1]))


class DebertaAttention(nn.Module):
    """DeBERTa's disentangled self-attention: content-to-position and
    position-to-content scores gathered from relative positions (clamped
    to 2k buckets) with torch.gather; scale 1/sqrt(3 d)."""
    def __init__(s, d=32, h=4, k=4):
        super().__init__(); s.h, s.hd, s.span = h, d // h, k
        s.query_proj = nn.Linear(d, d); s.key_proj = nn.Linear(d, d); s.value_proj = nn.Linear(d, d)
        s.pos_key_proj = nn.Linear(d, d); s.pos_query_proj = nn.Linear(d, d)
        s.rel_embeddings = nn.Embedding(2 * k, d); s.LayerNorm = nn.LayerNorm(d); s.dense = nn.Linear(d, d); s.dropout = nn.Dropout(0.1)
    def t(s, x):
        B, T, _ = x.shape
        return x.view(B, T, s.h, s.hd).permute(0, 2, 1, 3).reshape(B * s.h, T, s.hd)
    def forward(s, hidden, mask):
        B, T, C = hidden.shape
        q, k, v = s.t(s.query_proj(hidden)), s.t(s.key_proj(hidden)), s.t(s.value_proj(hidden))
        rel_pos = torch.arange(T)[:, None] - torch.arange(T)[None, :]  # query - key
        scale_factor = 3
        scale = math.sqrt(q.size(-1) * scale_factor)
        scores = torch.bmm(q, k.transpose(-1, -2) / scale)
        rel_emb = s.rel_embeddings.weight.unsqueeze(0)  # (1, 2k, C)
        pos_key = s.pos_key_proj(rel_emb).view(1, 2 * s.span, s.h, s.hd).permute(0, 2, 1, 3).reshape(s.h, 2 * s.span, s.hd).repeat(B, 1, 1)
        pos_query = s.pos_query_proj(rel_emb).view(1, 2 * s.span, s.h, s.hd).permute(0, 2, 1, 3).reshape(s.h, 2 * s.span, s.hd).repeat(B, 1, 1)
        c2p_att = torch.bmm(q, pos_key.transpose(-1, -2) / scale)
        c2p_pos = torch.clamp(rel_pos + s.span, 0, 2 * s.span - 1)
        c2p_att = torch.gather(c2p_att, dim=-1, index=c2p_pos.unsqueeze(0).expand([q.size(0), T, T]))
        p2c_att = torch.bmm(k, pos_query.transpose(-1, -2) / scale)
        p2c_pos = torch.clamp(-rel_pos + s.span, 0, 2 * s.span - 1)
        p2c_att = torch.gather(p2c_att, dim=-1, index=p2c_pos.unsqueeze(0).expand([q.size(0), T, T])).transpose(-1, -2)
        scores = (scores + c2p_att + p2c_att).view(B, s.h, T, T)
        rmask = ~(mask[:, None, None, :].bool())
        probs = torch.softmax(scores.masked_fill(rmask, torch.finfo(scores.dtype).min), -1)
        probs = s.dropout(probs.masked_fill(rmask, 0))  # XSoftmax: zero the masked entries
        ctx = torch.bmm(probs.view(B * s.h, T, T), v).view(B, s.h, T, s.hd).permute(0, 2, 1, 3).reshape(B, T, C)
        return s.LayerNorm(hidden + s.dense(ctx))
class Deberta(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(25, 32); s.att = nn.ModuleList([DebertaAttention(), DebertaAttention()]); s.cls = nn.Linear(32, 3)
    def forward(s, ids, mask, y):
        h = s.emb(ids)
        for a in s.att:
            h = a(h, mask)
        return F.cross_entropy(s.cls(h[:, 0]), y)
def deberta():
    torch.manual_seed(0); m = torch.ones(2, 9, dtype=torch.long); m[1, 6:] = 0
    return Deberta(), (torch.randint(0, 25, (2, 9)), m, torch.tensor([2, 0]))


class XPosAttention(nn.Module):
    """xPos (torchscale): rotary with a per-dim decay scale ** (pos / scale_base),
    the inverse scale on the keys; rotate_every_two through stack/flatten;
    NTK-aware scaled RoPE (base * alpha ** (d / (d - 2))) when ntk > 1."""
    def __init__(s, d=32, h=4, scale_base=16, ntk=1.0):
        super().__init__(); s.h, s.hd, s.scale_base = h, d // h, scale_base
        s.qkv = nn.Linear(d, 3 * d); s.o = nn.Linear(d, d); s.ln = nn.LayerNorm(d)
        s.register_buffer("scale", (torch.arange(0, s.hd, 2) + 0.4 * s.hd) / (1.4 * s.hd))
        s.base = 10000 * ntk ** (s.hd / (s.hd - 2))
        s.use_xpos = ntk == 1.0
    @staticmethod
    def rotate_every_two(x):
        x1 = x[:, :, :, ::2]; x2 = x[:, :, :, 1::2]
        return torch.stack((-x2, x1), dim=-1).flatten(-2)
    @staticmethod
    def duplicate_interleave(m):
        dim0 = m.shape[0]
        return m.view(-1, 1).repeat(1, 2).view(dim0, -1)
    def rot(s, x, scale, downscale):
        T = x.shape[2]
        inv_freq = 1.0 / (s.base ** (torch.arange(0, s.hd, 2) / s.hd))
        sinusoid_inp = torch.einsum("i , j -> i j", torch.arange(0, T, dtype=torch.float), inv_freq)
        sin, cos = torch.sin(sinusoid_inp), torch.cos(sinusoid_inp)
        if downscale:
            scale = 1 / scale
        sin, cos = s.duplicate_interleave(sin * scale), s.duplicate_interleave(cos * scale)
        return (x * cos) + (s.rotate_every_two(x) * sin)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(s.ln(x)).view(B, T, 3, s.h, s.hd).permute(2, 0, 3, 1, 4)
        if s.use_xpos:
            scale = s.scale ** (torch.arange(0, T, 1) / s.scale_base)[:, None]
        else:
            scale = torch.ones(T, s.hd // 2)
        q, k = s.rot(q, scale, False), s.rot(k, scale, True)
        y = F.softmax((q @ k.transpose(-1, -2)) * s.hd ** -0.5 + torch.triu(torch.full((T, T), -1e4), 1), dim=-1) @ v
        return x + s.o(y.transpose(1, 2).reshape(B, T, C))
class XPosNet(nn.Module):
    def __init__(s, ntk=1.0):
        super().__init__(); s.a = XPosAttention(ntk=ntk); s.b = XPosAttention(ntk=ntk); s.head = nn.Linear(32, 6)
    def forward(s, x, y):
        return F.cross_entropy(s.head(s.b(s.a(x))).flatten(0, 1), y.flatten())
def xpos():
    torch.manual_seed(0); return XPosNet(), (torch.randn(2, 10, 32), torch.randint(0, 6, (2, 10)))
def ntk_rope():
    torch.manual_seed(0); return XPosNet(ntk=4.0), (torch.randn(2, 10, 32), torch.randint(0, 6, (2, 10)))


class MaskedLM(nn.Module):
    """BERT-style MLM in a training script: 15% of the positions chosen by a
    boolean mask, labels through torch.where(mask, ids, -100), the inputs
    through torch.where(mask, [MASK], ids), label-smoothed cross-entropy
    with ignore_index (and a padded tail ignored too)."""
    def __init__(s):
        super().__init__(); s.emb = nn.Embedding(30, 32); s.pos = nn.Parameter(torch.zeros(1, 12, 32))
        s.enc = nn.TransformerEncoderLayer(32, 4, 64, 0.0, batch_first=True, norm_first=True); s.head = nn.Linear(32, 30)
    def forward(s, ids, select, pad_mask):
        labels = torch.where(select & ~pad_mask, ids, torch.full_like(ids, -100))
        inp = torch.where(select, torch.full_like(ids, 4), ids)
        h = s.enc(s.emb(inp) + s.pos[:, :ids.shape[1]], src_key_padding_mask=pad_mask)
        logits = s.head(h)
        return F.cross_entropy(logits.view(-1, 30), labels.view(-1), ignore_index=-100, label_smoothing=0.1)
def mlm():
    torch.manual_seed(0); ids = torch.randint(5, 30, (3, 12)); sel = torch.rand(3, 12) < 0.3; sel[0, 0] = True
    pad = torch.zeros(3, 12, dtype=torch.bool); pad[2, 9:] = True
    return MaskedLM(), (ids, sel, pad)


# -------------------------------------------------------------- Vision

class BEiTAttention(nn.Module):
    """BEiT: q bias and v bias but no k bias (torch.cat with a zeros_like),
    a relative position bias table with 3 extra entries for cls-to-token,
    token-to-cls and cls-to-cls, gathered by a registered index; layer scale
    (gamma_1, gamma_2) on both branches."""
    def __init__(s, dim=32, num_heads=4, window_size=(3, 3), init_values=0.1):
        super().__init__(); s.num_heads = num_heads; hd = dim // num_heads; s.scale = hd ** -0.5
        s.qkv = nn.Linear(dim, dim * 3, bias=False); s.q_bias = nn.Parameter(torch.zeros(dim)); s.v_bias = nn.Parameter(torch.zeros(dim))
        s.window_size = window_size
        s.num_relative_distance = (2 * window_size[0] - 1) * (2 * window_size[1] - 1) + 3
        s.relative_position_bias_table = nn.Parameter(torch.randn(s.num_relative_distance, num_heads) * 0.02)
        coords = torch.stack(torch.meshgrid([torch.arange(window_size[0]), torch.arange(window_size[1])], indexing="ij"))
        coords_flatten = torch.flatten(coords, 1)
        relative_coords = (coords_flatten[:, :, None] - coords_flatten[:, None, :]).permute(1, 2, 0).contiguous()
        relative_coords[:, :, 0] += window_size[0] - 1
        relative_coords[:, :, 1] += window_size[1] - 1
        relative_coords[:, :, 0] *= 2 * window_size[1] - 1
        N = window_size[0] * window_size[1] + 1
        relative_position_index = torch.zeros(size=(N, N), dtype=relative_coords.dtype)
        relative_position_index[1:, 1:] = relative_coords.sum(-1)
        relative_position_index[0, 0:] = s.num_relative_distance - 3
        relative_position_index[0:, 0] = s.num_relative_distance - 2
        relative_position_index[0, 0] = s.num_relative_distance - 1
        s.register_buffer("relative_position_index", relative_position_index, persistent=False)
        s.proj = nn.Linear(dim, dim); s.norm1 = nn.LayerNorm(dim); s.norm2 = nn.LayerNorm(dim)
        s.mlp = nn.Sequential(nn.Linear(dim, 64), nn.GELU(), nn.Linear(64, dim))
        s.gamma_1 = nn.Parameter(init_values * torch.ones(dim)); s.gamma_2 = nn.Parameter(init_values * torch.ones(dim))
    def attn(s, x):
        B, N, C = x.shape
        qkv_bias = torch.cat((s.q_bias, torch.zeros_like(s.v_bias, requires_grad=False), s.v_bias))
        qkv = F.linear(input=x, weight=s.qkv.weight, bias=qkv_bias)
        qkv = qkv.reshape(B, N, 3, s.num_heads, -1).permute(2, 0, 3, 1, 4)
        q, k, v = qkv[0], qkv[1], qkv[2]
        attn = (q * s.scale) @ k.transpose(-2, -1)
        rpb = s.relative_position_bias_table[s.relative_position_index.view(-1)].view(N, N, -1).permute(2, 0, 1).contiguous()
        attn = (attn + rpb.unsqueeze(0)).softmax(dim=-1)
        return s.proj((attn @ v).transpose(1, 2).reshape(B, N, -1))
    def forward(s, x):
        x = x + s.gamma_1 * s.attn(s.norm1(x))
        return x + s.gamma_2 * s.mlp(s.norm2(x))
class BEiT(nn.Module):
    def __init__(s):
        super().__init__(); s.patch_embed = nn.Conv2d(3, 32, 4, 4); s.cls_token = nn.Parameter(torch.zeros(1, 1, 32)); s.mask_token = nn.Parameter(torch.zeros(1, 1, 32))
        s.blocks = nn.ModuleList([BEiTAttention(), BEiTAttention()]); s.norm = nn.LayerNorm(32); s.lm_head = nn.Linear(32, 16)
    def forward(s, x, bool_masked_pos, labels):
        x = s.patch_embed(x).flatten(2).transpose(1, 2)
        B, L, _ = x.shape
        mask_token = s.mask_token.expand(B, L, -1)
        w = bool_masked_pos.unsqueeze(-1).type_as(mask_token)
        x = x * (1 - w) + mask_token * w
        x = torch.cat((s.cls_token.expand(B, -1, -1), x), dim=1)
        for b in s.blocks:
            x = b(x)
        x = s.norm(x)[:, 1:]
        return F.cross_entropy(s.lm_head(x[bool_masked_pos]), labels)
def beit():
    # x[bool_masked_pos] has a value-dependent shape: the lm_head runs on every
    # row and its weight gradient sums over the selected ones (lower/masked.py)
    torch.manual_seed(0); m = torch.zeros(2, 9, dtype=torch.bool); m[0, [1, 4]] = True; m[1, [0, 2, 8]] = True
    return BEiT(), (torch.randn(2, 3, 12, 12), m, torch.randint(0, 16, (5,)))
class BEiTWhere(BEiT):
    """BEiT with the loss as users rewrite it: labels -100 off the mask."""
    def forward(s, x, bool_masked_pos, labels):
        x = s.patch_embed(x).flatten(2).transpose(1, 2)
        B, L, _ = x.shape
        w = bool_masked_pos.unsqueeze(-1).type_as(x)
        x = x * (1 - w) + s.mask_token.expand(B, L, -1) * w
        x = torch.cat((s.cls_token.expand(B, -1, -1), x), dim=1)
        for b in s.blocks:
            x = b(x)
        logits = s.lm_head(s.norm(x)[:, 1:])
        labels = torch.where(bool_masked_pos, labels, -100)
        return F.cross_entropy(logits.flatten(0, 1), labels.flatten())
def beit_where():
    torch.manual_seed(0); m = torch.zeros(2, 9, dtype=torch.bool); m[0, [1, 4]] = True; m[1, [0, 2, 8]] = True
    return BEiTWhere(), (torch.randn(2, 3, 12, 12), m, torch.randint(0, 16, (2, 9)))


class DINOHead(nn.Module):
    def __init__(s, in_dim=16, out_dim=24, hidden_dim=32, bottleneck_dim=8):
        super().__init__()
        s.mlp = nn.Sequential(nn.Linear(in_dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, hidden_dim), nn.GELU(), nn.Linear(hidden_dim, bottleneck_dim))
        s.last_layer = nn.utils.weight_norm(nn.Linear(bottleneck_dim, out_dim, bias=False))
        s.last_layer.weight_g.data.fill_(1)
        s.last_layer.weight_g.requires_grad = False
    def forward(s, x):
        x = s.mlp(x)
        x = F.normalize(x, dim=-1, p=2)
        return s.last_layer(x)
class DINO(nn.Module):
    """DINO: a student and a frozen teacher (requires_grad False; the EMA
    step is outside the graph), multi-crop views, the teacher centered by a
    buffer updated in forward with momentum under no_grad, teacher
    temperature, cross-entropy between the softmaxes over view pairs."""
    def __init__(s):
        super().__init__()
        s.student_backbone = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 16))
        s.teacher_backbone = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 16))
        s.student_head = DINOHead(); s.teacher_head = DINOHead()
        s.teacher_backbone.load_state_dict(s.student_backbone.state_dict())
        for p in list(s.teacher_backbone.parameters()) + list(s.teacher_head.parameters()):
            p.requires_grad = False
        s.register_buffer("center", torch.zeros(1, 24))
        s.student_temp, s.teacher_temp, s.center_momentum = 0.1, 0.04, 0.9
    def forward(s, global_crops, local_crops):
        n_g = global_crops.shape[0] // 2
        student_out = torch.cat([s.student_head(s.student_backbone(global_crops)), s.student_head(s.student_backbone(local_crops))])
        with torch.no_grad():
            teacher_output = s.teacher_head(s.teacher_backbone(global_crops))
        student_out = (student_out / s.student_temp).chunk(4)
        teacher_out = F.softmax((teacher_output - s.center) / s.teacher_temp, dim=-1).detach().chunk(2)
        total_loss, n_loss_terms = 0, 0
        for iq, q in enumerate(teacher_out):
            for v in range(len(student_out)):
                if v == iq:
                    continue
                loss = torch.sum(-q * F.log_softmax(student_out[v], dim=-1), dim=-1)
                total_loss += loss.mean(); n_loss_terms += 1
        total_loss /= n_loss_terms
        with torch.no_grad():  # update_center
            batch_center = torch.sum(teacher_output, dim=0, keepdim=True) / len(teacher_output)
            s.center = s.center * s.center_momentum + batch_center * (1 - s.center_momentum)
        return total_loss
def dino():
    torch.manual_seed(0); return DINO(), (torch.randn(4, 3, 8, 8), torch.randn(4, 3, 8, 8))


class ResNeXtBlock(nn.Module):
    """ResNeXt / RegNet X: a 1x1, a grouped 3x3 (cardinality 4, group width
    4), a 1x1, with a projection shortcut on stride 2."""
    def __init__(s, cin, cout, stride, groups=4, width=16):
        super().__init__()
        s.conv1 = nn.Conv2d(cin, width, 1, bias=False); s.bn1 = nn.BatchNorm2d(width)
        s.conv2 = nn.Conv2d(width, width, 3, stride, 1, groups=groups, bias=False); s.bn2 = nn.BatchNorm2d(width)
        s.conv3 = nn.Conv2d(width, cout, 1, bias=False); s.bn3 = nn.BatchNorm2d(cout)
        s.proj = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False), nn.BatchNorm2d(cout)) if stride != 1 or cin != cout else None
    def forward(s, x):
        out = F.relu(s.bn1(s.conv1(x)), inplace=True)
        out = F.relu(s.bn2(s.conv2(out)), inplace=True)
        out = s.bn3(s.conv3(out))
        return F.relu(out + (x if s.proj is None else s.proj(x)))
class ResNeXt(nn.Module):
    def __init__(s):
        super().__init__(); s.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
        s.s1 = nn.Sequential(ResNeXtBlock(8, 16, 1), ResNeXtBlock(16, 16, 1), ResNeXtBlock(16, 32, 2)); s.fc = nn.Linear(32, 5)
    def forward(s, x, y):
        return F.cross_entropy(s.fc(s.s1(s.stem(x)).mean((2, 3))), y)
def resnext():
    torch.manual_seed(0); return ResNeXt(), (torch.randn(2, 3, 16, 16), torch.tensor([1, 4]))


class SELayer(nn.Module):
    def __init__(s, channel, reduction=4):
        super().__init__(); s.avg_pool = nn.AdaptiveAvgPool2d(1)
        s.fc = nn.Sequential(nn.Linear(channel, channel // reduction, bias=False), nn.ReLU(inplace=True), nn.Linear(channel // reduction, channel, bias=False), nn.Sigmoid())
    def forward(s, x):
        b, c, _, _ = x.size()
        y = s.avg_pool(x).view(b, c)
        y = s.fc(y).view(b, c, 1, 1)
        return x * y.expand_as(x)
class SEBasicBlock(nn.Module):
    def __init__(s, inplanes, planes, stride=1):
        super().__init__(); s.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False); s.bn1 = nn.BatchNorm2d(planes); s.relu = nn.ReLU(inplace=True)
        s.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False); s.bn2 = nn.BatchNorm2d(planes); s.se = SELayer(planes)
        s.downsample = nn.Sequential(nn.Conv2d(inplanes, planes, 1, stride, bias=False), nn.BatchNorm2d(planes)) if stride != 1 or inplanes != planes else None
    def forward(s, x):
        residual = x
        out = s.relu(s.bn1(s.conv1(x)))
        out = s.se(s.bn2(s.conv2(out)))
        if s.downsample is not None:
            residual = s.downsample(x)
        out += residual
        return s.relu(out)
def seresnet():
    torch.manual_seed(0)
    m = nn.Sequential(nn.Conv2d(3, 8, 3, 1, 1), SEBasicBlock(8, 8), SEBasicBlock(8, 16, 2), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(16, 4), nn.LogSoftmax(1))
    class Wrap(nn.Module):
        def __init__(s):
            super().__init__(); s.net = m
        def forward(s, x, y):
            return F.nll_loss(s.net(x), y)
    return Wrap(), (torch.randn(2, 3, 12, 12), torch.tensor([0, 3]))


def _make_divisible(v, divisor=4, min_value=None):
    if min_value is None:
        min_value = divisor
    new_v = max(min_value, int(v + divisor / 2) // divisor * divisor)
    if new_v < 0.9 * v:
        new_v += divisor
    return new_v
class SqueezeExcitation(nn.Module):
    def __init__(s, c, squeeze):
        super().__init__(); s.fc1 = nn.Conv2d(c, squeeze, 1); s.fc2 = nn.Conv2d(squeeze, c, 1)
    def forward(s, x):
        scale = F.adaptive_avg_pool2d(x, 1)
        scale = s.fc2(F.relu(s.fc1(scale)))
        return x * F.hardsigmoid(scale, inplace=True)
class InvertedResidualV3(nn.Module):
    def __init__(s, cin, k, exp, cout, use_se, use_hs, stride):
        super().__init__(); act = nn.Hardswish if use_hs else nn.ReLU
        s.use_res_connect = stride == 1 and cin == cout
        layers = []
        if exp != cin:
            layers += [nn.Conv2d(cin, exp, 1, bias=False), nn.BatchNorm2d(exp, eps=0.001, momentum=0.01), act(inplace=True)]
        layers += [nn.Conv2d(exp, exp, k, stride, (k - 1) // 2, groups=exp, bias=False), nn.BatchNorm2d(exp, eps=0.001, momentum=0.01), act(inplace=True)]
        if use_se:
            layers.append(SqueezeExcitation(exp, _make_divisible(exp // 4, 8)))
        layers += [nn.Conv2d(exp, cout, 1, bias=False), nn.BatchNorm2d(cout, eps=0.001, momentum=0.01)]
        s.block = nn.Sequential(*layers)
    def forward(s, x):
        result = s.block(x)
        if s.use_res_connect:
            result += x
        return result
class MobileNetV3(nn.Module):
    def __init__(s):
        super().__init__()
        s.features = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8, eps=0.001, momentum=0.01), nn.Hardswish(inplace=True),
                                   InvertedResidualV3(8, 3, 8, 8, True, False, 2), InvertedResidualV3(8, 3, 24, 12, False, False, 2),
                                   InvertedResidualV3(12, 5, 32, 12, True, True, 1), nn.Conv2d(12, 48, 1, bias=False), nn.BatchNorm2d(48), nn.Hardswish(inplace=True))
        s.classifier = nn.Sequential(nn.Linear(48, 64), nn.Hardswish(inplace=True), nn.Dropout(p=0.2, inplace=True), nn.Linear(64, 5))
    def forward(s, x, y):
        x = torch.flatten(F.adaptive_avg_pool2d(s.features(x), 1), 1)
        return F.cross_entropy(s.classifier(x), y)
def mobilenetv3():
    torch.manual_seed(0); return MobileNetV3(), (torch.randn(2, 3, 16, 16), torch.tensor([2, 4]))


def channel_shuffle(x, groups):
    batchsize, num_channels, height, width = x.size()
    channels_per_group = num_channels // groups
    x = x.view(batchsize, groups, channels_per_group, height, width)
    x = torch.transpose(x, 1, 2).contiguous()
    return x.view(batchsize, -1, height, width)
class ShuffleUnit(nn.Module):
    def __init__(s, inp, oup, stride):
        super().__init__(); s.stride = stride; bf = oup // 2
        if stride > 1:
            s.branch1 = nn.Sequential(nn.Conv2d(inp, inp, 3, stride, 1, groups=inp, bias=False), nn.BatchNorm2d(inp), nn.Conv2d(inp, bf, 1, bias=False), nn.BatchNorm2d(bf), nn.ReLU(inplace=True))
        else:
            s.branch1 = nn.Sequential()
        s.branch2 = nn.Sequential(nn.Conv2d(inp if stride > 1 else bf, bf, 1, bias=False), nn.BatchNorm2d(bf), nn.ReLU(inplace=True),
                                  nn.Conv2d(bf, bf, 3, stride, 1, groups=bf, bias=False), nn.BatchNorm2d(bf),
                                  nn.Conv2d(bf, bf, 1, bias=False), nn.BatchNorm2d(bf), nn.ReLU(inplace=True))
    def forward(s, x):
        if s.stride == 1:
            x1, x2 = x.chunk(2, dim=1)
            out = torch.cat((x1, s.branch2(x2)), dim=1)
        else:
            out = torch.cat((s.branch1(x), s.branch2(x)), dim=1)
        return channel_shuffle(out, 2)
def shufflenet():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.conv1 = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True)); s.maxpool = nn.MaxPool2d(3, 2, 1)
            s.stage2 = nn.Sequential(ShuffleUnit(8, 16, 2), ShuffleUnit(16, 16, 1), ShuffleUnit(16, 16, 1)); s.fc = nn.Linear(16, 3)
        def forward(s, x, y):
            return F.cross_entropy(s.fc(s.stage2(s.maxpool(s.conv1(x))).mean([2, 3])), y)
    return Net(), (torch.randn(2, 3, 16, 16), torch.tensor([0, 2]))


class GhostModule(nn.Module):
    def __init__(s, inp, oup, kernel_size=1, ratio=2, dw_size=3, stride=1, relu=True):
        super().__init__(); s.oup = oup
        init_channels = math.ceil(oup / ratio); new_channels = init_channels * (ratio - 1)
        s.primary_conv = nn.Sequential(nn.Conv2d(inp, init_channels, kernel_size, stride, kernel_size // 2, bias=False), nn.BatchNorm2d(init_channels), nn.ReLU(inplace=True) if relu else nn.Sequential())
        s.cheap_operation = nn.Sequential(nn.Conv2d(init_channels, new_channels, dw_size, 1, dw_size // 2, groups=init_channels, bias=False), nn.BatchNorm2d(new_channels), nn.ReLU(inplace=True) if relu else nn.Sequential())
    def forward(s, x):
        x1 = s.primary_conv(x)
        x2 = s.cheap_operation(x1)
        out = torch.cat([x1, x2], dim=1)
        return out[:, :s.oup, :, :]
class GhostBottleneck(nn.Module):
    def __init__(s, inp, mid, oup, stride):
        super().__init__(); s.ghost1 = GhostModule(inp, mid); s.ghost2 = GhostModule(mid, oup, relu=False); s.stride = stride
        s.conv_dw = nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False) if stride > 1 else None; s.bn_dw = nn.BatchNorm2d(mid) if stride > 1 else None
        s.shortcut = nn.Sequential() if (inp == oup and stride == 1) else nn.Sequential(nn.Conv2d(inp, inp, 3, stride, 1, groups=inp, bias=False), nn.BatchNorm2d(inp), nn.Conv2d(inp, oup, 1, bias=False), nn.BatchNorm2d(oup))
    def forward(s, x):
        residual = x
        x = s.ghost1(x)
        if s.stride > 1:
            x = s.bn_dw(s.conv_dw(x))
        x = s.ghost2(x)
        return x + s.shortcut(residual)
def ghostnet():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.stem = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.ReLU(inplace=True))
            s.blocks = nn.Sequential(GhostBottleneck(8, 12, 8, 1), GhostBottleneck(8, 23, 11, 2)); s.fc = nn.Linear(11, 3)
        def forward(s, x, y):
            return F.cross_entropy(s.fc(s.blocks(s.stem(x)).mean([2, 3])), y)
    return Net(), (torch.randn(2, 3, 12, 12), torch.tensor([0, 2]))


class FusedMBConv(nn.Module):
    """EfficientNetV2's FusedMBConv (a 3x3 expand conv, no depthwise), then
    an MBConv with SiLU-gated SE, stochastic depth (torchvision's
    StochasticDepth 'row' mode: a bernoulli_ mask divided by survival)."""
    def __init__(s, cin, cout, expand, stride, fused, p=0.2):
        super().__init__(); s.p = p; mid = cin * expand
        s.use_res = stride == 1 and cin == cout
        if fused:
            s.block = nn.Sequential(nn.Conv2d(cin, mid, 3, stride, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU(inplace=True),
                                    nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
        else:
            s.block = nn.Sequential(nn.Conv2d(cin, mid, 1, bias=False), nn.BatchNorm2d(mid), nn.SiLU(inplace=True),
                                    nn.Conv2d(mid, mid, 3, stride, 1, groups=mid, bias=False), nn.BatchNorm2d(mid), nn.SiLU(inplace=True),
                                    _SE(mid, max(1, cin // 4)), nn.Conv2d(mid, cout, 1, bias=False), nn.BatchNorm2d(cout))
    def forward(s, x):
        result = s.block(x)
        if s.use_res:
            if s.training and s.p > 0:
                survival_rate = 1.0 - s.p
                noise = torch.empty([result.shape[0], 1, 1, 1], dtype=result.dtype).bernoulli_(survival_rate).div_(survival_rate)
                result = result * noise
            result = result + x
        return result
class _SE(nn.Module):
    def __init__(s, c, sq):
        super().__init__(); s.fc1 = nn.Conv2d(c, sq, 1); s.fc2 = nn.Conv2d(sq, c, 1)
    def forward(s, x):
        return x * torch.sigmoid(s.fc2(F.silu(s.fc1(x.mean((2, 3), keepdim=True)))))
def effnetv2():
    torch.manual_seed(0)
    net = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1, bias=False), nn.BatchNorm2d(8), nn.SiLU(),
                        FusedMBConv(8, 8, 1, 1, True), FusedMBConv(8, 12, 4, 2, True), FusedMBConv(12, 12, 2, 1, False),
                        nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Dropout(0.2), nn.Linear(12, 3))
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.net = net
        def forward(s, x, y):
            return F.cross_entropy(s.net(x), y, label_smoothing=0.1)
    return Net(), (torch.randn(4, 3, 16, 16), torch.tensor([0, 2, 1, 1]))


class Attention_block(nn.Module):
    def __init__(s, F_g, F_l, F_int):
        super().__init__()
        s.W_g = nn.Sequential(nn.Conv2d(F_g, F_int, 1, 1, 0, bias=True), nn.BatchNorm2d(F_int))
        s.W_x = nn.Sequential(nn.Conv2d(F_l, F_int, 1, 1, 0, bias=True), nn.BatchNorm2d(F_int))
        s.psi = nn.Sequential(nn.Conv2d(F_int, 1, 1, 1, 0, bias=True), nn.BatchNorm2d(1), nn.Sigmoid())
        s.relu = nn.ReLU(inplace=True)
    def forward(s, g, x):
        g1 = s.W_g(g); x1 = s.W_x(x)
        psi = s.psi(s.relu(g1 + x1))
        return x * psi
def _conv_block(i, o):
    return nn.Sequential(nn.Conv2d(i, o, 3, 1, 1, bias=True), nn.BatchNorm2d(o), nn.ReLU(inplace=True), nn.Conv2d(o, o, 3, 1, 1, bias=True), nn.BatchNorm2d(o), nn.ReLU(inplace=True))
class AttU_Net(nn.Module):
    def __init__(s):
        super().__init__(); s.Maxpool = nn.MaxPool2d(2, 2); s.Conv1 = _conv_block(1, 4); s.Conv2 = _conv_block(4, 8)
        s.Up2 = nn.Sequential(nn.Upsample(scale_factor=2), nn.Conv2d(8, 4, 3, 1, 1), nn.BatchNorm2d(4), nn.ReLU(inplace=True))
        s.Att2 = Attention_block(4, 4, 2); s.Up_conv2 = _conv_block(8, 4); s.Conv_1x1 = nn.Conv2d(4, 1, 1)
    def forward(s, x, target):
        x1 = s.Conv1(x); x2 = s.Conv2(s.Maxpool(x1))
        d2 = s.Up2(x2); x1 = s.Att2(g=d2, x=x1)
        d2 = s.Up_conv2(torch.cat((x1, d2), dim=1))
        return F.binary_cross_entropy_with_logits(s.Conv_1x1(d2), target, pos_weight=torch.tensor([2.0]))
def attn_unet():
    torch.manual_seed(0); return AttU_Net(), (torch.randn(2, 1, 8, 8), (torch.rand(2, 1, 8, 8) > 0.5).float())


class MaskedConv2d(nn.Conv2d):
    def __init__(s, mask_type, *args, **kwargs):
        super().__init__(*args, **kwargs)
        assert mask_type in {"A", "B"}
        s.register_buffer("mask", s.weight.data.clone())
        _, _, kH, kW = s.weight.size()
        s.mask.fill_(1)
        s.mask[:, :, kH // 2, kW // 2 + (mask_type == "B"):] = 0
        s.mask[:, :, kH // 2 + 1:] = 0
    def forward(s, x):
        s.weight.data *= s.mask  # the original PixelCNN repo: masks the weight in place on .data
        return super().forward(x)
class MaskedConv2dFunctional(nn.Conv2d):
    def __init__(s, mask_type, *args, **kwargs):
        super().__init__(*args, **kwargs)
        mask = torch.ones_like(s.weight); kH, kW = s.weight.shape[2:]
        mask[:, :, kH // 2, kW // 2 + (mask_type == "B"):] = 0; mask[:, :, kH // 2 + 1:] = 0
        s.register_buffer("mask", mask)
    def forward(s, x):
        return F.conv2d(x, s.weight * s.mask, s.bias, s.stride, s.padding)
class PixelCNN(nn.Module):
    def __init__(s, conv=MaskedConv2d, levels=4):
        super().__init__(); s.levels = levels; fm = 8
        s.net = nn.Sequential(conv("A", 1, fm, 5, 1, 2, bias=False), nn.BatchNorm2d(fm), nn.ReLU(True),
                              conv("B", fm, fm, 3, 1, 1, bias=False), nn.BatchNorm2d(fm), nn.ReLU(True),
                              conv("B", fm, fm, 3, 1, 1, bias=False), nn.BatchNorm2d(fm), nn.ReLU(True), nn.Conv2d(fm, levels, 1))
    def forward(s, x):
        target = (x[:, 0] * (s.levels - 1)).long()
        return F.cross_entropy(s.net(x), target)
def pixelcnn():
    torch.manual_seed(0); return PixelCNN(), (torch.randint(0, 4, (2, 1, 8, 8)).float() / 3,)
def pixelcnn_f():
    torch.manual_seed(0); return PixelCNN(MaskedConv2dFunctional), (torch.randint(0, 4, (2, 1, 8, 8)).float() / 3,)


def modulate(x, shift, scale):
    return x * (1 + scale.unsqueeze(1)) + shift.unsqueeze(1)
class TimestepEmbedder(nn.Module):
    def __init__(s, hidden_size, frequency_embedding_size=16):
        super().__init__(); s.frequency_embedding_size = frequency_embedding_size
        s.mlp = nn.Sequential(nn.Linear(frequency_embedding_size, hidden_size, bias=True), nn.SiLU(), nn.Linear(hidden_size, hidden_size, bias=True))
    @staticmethod
    def timestep_embedding(t, dim, max_period=10000):
        half = dim // 2
        freqs = torch.exp(-math.log(max_period) * torch.arange(start=0, end=half, dtype=torch.float32) / half)
        args = t[:, None].float() * freqs[None]
        return torch.cat([torch.cos(args), torch.sin(args)], dim=-1)
    def forward(s, t):
        return s.mlp(s.timestep_embedding(t, s.frequency_embedding_size))
class DiTBlock(nn.Module):
    def __init__(s, hidden_size=32, num_heads=4, mlp_ratio=2.0):
        super().__init__()
        s.norm1 = nn.LayerNorm(hidden_size, elementwise_affine=False, eps=1e-6)
        s.attn = nn.MultiheadAttention(hidden_size, num_heads, batch_first=True)
        s.norm2 = nn.LayerNorm(hidden_size, elementwise_affine=False, eps=1e-6)
        h = int(hidden_size * mlp_ratio)
        s.mlp = nn.Sequential(nn.Linear(hidden_size, h), nn.GELU(approximate="tanh"), nn.Linear(h, hidden_size))
        s.adaLN_modulation = nn.Sequential(nn.SiLU(), nn.Linear(hidden_size, 6 * hidden_size, bias=True))
    def forward(s, x, c):
        shift_msa, scale_msa, gate_msa, shift_mlp, scale_mlp, gate_mlp = s.adaLN_modulation(c).chunk(6, dim=1)
        h = modulate(s.norm1(x), shift_msa, scale_msa)
        x = x + gate_msa.unsqueeze(1) * s.attn(h, h, h, need_weights=False)[0]
        x = x + gate_mlp.unsqueeze(1) * s.mlp(modulate(s.norm2(x), shift_mlp, scale_mlp))
        return x
class DiT(nn.Module):
    def __init__(s, p=2, C=3, hidden=32, classes=5):
        super().__init__(); s.p, s.C = p, C
        s.x_embedder = nn.Conv2d(C, hidden, p, p); s.t_embedder = TimestepEmbedder(hidden); s.y_embedder = nn.Embedding(classes + 1, hidden)
        s.pos_embed = nn.Parameter(torch.randn(1, 16, hidden) * 0.02, requires_grad=False)
        s.blocks = nn.ModuleList([DiTBlock(), DiTBlock()])
        s.norm_final = nn.LayerNorm(hidden, elementwise_affine=False, eps=1e-6); s.linear = nn.Linear(hidden, p * p * C)
        s.adaLN_final = nn.Sequential(nn.SiLU(), nn.Linear(hidden, 2 * hidden))
        for b in s.blocks:  # adaLN-Zero... but not quite zero, so that gradients flow in the check
            nn.init.normal_(b.adaLN_modulation[-1].weight, std=0.02); nn.init.zeros_(b.adaLN_modulation[-1].bias)
    def unpatchify(s, x):
        c, p = s.C, s.p
        h = w = int(x.shape[1] ** 0.5)
        x = x.reshape(shape=(x.shape[0], h, w, p, p, c))
        x = torch.einsum("nhwpqc->nchpwq", x)
        return x.reshape(shape=(x.shape[0], c, h * p, h * p))
    def forward(s, x, t, y, noise):
        x_t = x + noise * (t.float() / 1000)[:, None, None, None]
        h = s.x_embedder(x_t).flatten(2).transpose(1, 2) + s.pos_embed
        # classifier-free guidance label dropout written with torch.where
        drop_ids = torch.rand(y.shape[0]) < 0.25
        y = torch.where(drop_ids, torch.full_like(y, 5), y)
        c = s.t_embedder(t) + s.y_embedder(y)
        for b in s.blocks:
            h = b(h, c)
        shift, scale = s.adaLN_final(c).chunk(2, dim=1)
        out = s.unpatchify(s.linear(modulate(s.norm_final(h), shift, scale)))
        return F.mse_loss(out, noise)
def dit():
    torch.manual_seed(0); return DiT(), (torch.randn(2, 3, 8, 8), torch.tensor([3, 700]), torch.tensor([1, 4]), torch.randn(2, 3, 8, 8))


class UViT(nn.Module):
    """U-ViT: time as a token, long skip connections from the first half of
    the blocks to the second half, concatenated then a Linear."""
    def __init__(s, d=32, depth=5):
        super().__init__(); s.patch = nn.Linear(12, d); s.time = nn.Linear(16, d); s.pos = nn.Parameter(torch.zeros(1, 17, d))
        s.in_blocks = nn.ModuleList([nn.TransformerEncoderLayer(d, 4, 64, 0.0, activation="gelu", batch_first=True, norm_first=True) for _ in range(depth // 2)])
        s.mid_block = nn.TransformerEncoderLayer(d, 4, 64, 0.0, activation="gelu", batch_first=True, norm_first=True)
        s.out_blocks = nn.ModuleList([nn.TransformerEncoderLayer(d, 4, 64, 0.0, activation="gelu", batch_first=True, norm_first=True) for _ in range(depth // 2)])
        s.skip_linears = nn.ModuleList([nn.Linear(2 * d, d) for _ in range(depth // 2)])
        s.norm = nn.LayerNorm(d); s.decoder_pred = nn.Linear(d, 12)
    def forward(s, img, t, noise):
        x = img + noise
        B = x.shape[0]
        x = x.unfold(2, 2, 2).unfold(3, 2, 2).permute(0, 2, 3, 1, 4, 5).reshape(B, 16, 12)
        x = s.patch(x)
        time_token = s.time(TimestepEmbedder.timestep_embedding(t, 16)).unsqueeze(1)
        x = torch.cat((time_token, x), dim=1) + s.pos
        skips = []
        for blk in s.in_blocks:
            x = blk(x); skips.append(x)
        x = s.mid_block(x)
        for blk, lin in zip(s.out_blocks, s.skip_linears):
            x = blk(lin(torch.cat([x, skips.pop()], dim=-1)))
        x = s.decoder_pred(s.norm(x))[:, 1:]
        return F.mse_loss(x, noise.unfold(2, 2, 2).unfold(3, 2, 2).permute(0, 2, 3, 1, 4, 5).reshape(B, 16, 12))
def uvit():
    torch.manual_seed(0); return UViT(), (torch.randn(2, 3, 8, 8), torch.tensor([5, 50]), torch.randn(2, 3, 8, 8))


class CrossAttention(nn.Module):
    def __init__(s, query_dim, context_dim=None, heads=4, dim_head=8, dropout=0.0):
        super().__init__(); inner_dim = dim_head * heads; context_dim = context_dim or query_dim
        s.scale = dim_head ** -0.5; s.heads = heads
        s.to_q = nn.Linear(query_dim, inner_dim, bias=False); s.to_k = nn.Linear(context_dim, inner_dim, bias=False); s.to_v = nn.Linear(context_dim, inner_dim, bias=False)
        s.to_out = nn.Sequential(nn.Linear(inner_dim, query_dim), nn.Dropout(dropout))
    def forward(s, x, context=None):
        h = s.heads
        q = s.to_q(x); context = x if context is None else context
        k = s.to_k(context); v = s.to_v(context)
        # einops rearrange('b n (h d) -> (b h) n d') written out
        q, k, v = map(lambda t: t.reshape(t.shape[0], t.shape[1], h, -1).permute(0, 2, 1, 3).reshape(t.shape[0] * h, t.shape[1], -1), (q, k, v))
        sim = torch.einsum("b i d, b j d -> b i j", q, k) * s.scale
        attn = sim.softmax(dim=-1)
        out = torch.einsum("b i j, b j d -> b i d", attn, v)
        out = out.reshape(-1, h, out.shape[1], out.shape[2]).permute(0, 2, 1, 3).reshape(-1, out.shape[1], h * out.shape[2])
        return s.to_out(out)
class GEGLU(nn.Module):
    def __init__(s, dim_in, dim_out):
        super().__init__(); s.proj = nn.Linear(dim_in, dim_out * 2)
    def forward(s, x):
        x, gate = s.proj(x).chunk(2, dim=-1)
        return x * F.gelu(gate)
class SpatialTransformer(nn.Module):
    def __init__(s, c=32, ctx_dim=24):
        super().__init__(); s.norm = nn.GroupNorm(8, c, eps=1e-6); s.proj_in = nn.Conv2d(c, c, 1)
        s.attn1 = CrossAttention(c); s.attn2 = CrossAttention(c, ctx_dim); s.ff = nn.Sequential(GEGLU(c, 64), nn.Dropout(0.0), nn.Linear(64, c))
        s.norm1 = nn.LayerNorm(c); s.norm2 = nn.LayerNorm(c); s.norm3 = nn.LayerNorm(c); s.proj_out = nn.Conv2d(c, c, 1)
    def forward(s, x, context):
        b, c, h, w = x.shape
        x_in = x
        x = s.proj_in(s.norm(x))
        x = x.permute(0, 2, 3, 1).reshape(b, h * w, c)
        x = s.attn1(s.norm1(x)) + x
        x = s.attn2(s.norm2(x), context=context) + x
        x = s.ff(s.norm3(x)) + x
        x = x.reshape(b, h, w, c).permute(0, 3, 1, 2).contiguous()
        return s.proj_out(x) + x_in
def sd_xattn():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.conv = nn.Conv2d(4, 32, 3, padding=1); s.st = SpatialTransformer(); s.out = nn.Conv2d(32, 4, 3, padding=1)
        def forward(s, latents, context, noise):
            return F.mse_loss(s.out(s.st(s.conv(latents + noise), context)), noise)
    return Net(), (torch.randn(2, 4, 4, 4), torch.randn(2, 7, 24), torch.randn(2, 4, 4, 4))


class ViT22BBlock(nn.Module):
    """ViT-22B's parallel block: one fused input projection for q, k, v and
    the MLP's first layer, LayerNorm on q and k (no bias), attention and
    MLP summed, one fused output projection."""
    def __init__(s, d=32, h=4, mlp=64):
        super().__init__(); s.h, s.hd, s.mlp = h, d // h, mlp
        s.norm = nn.LayerNorm(d); s.in_proj = nn.Linear(d, 3 * d + mlp, bias=False); s.out_proj = nn.Linear(d + mlp, d, bias=False)
        s.q_norm = nn.LayerNorm(s.hd); s.k_norm = nn.LayerNorm(s.hd)
    def forward(s, x):
        B, N, C = x.shape
        y = s.norm(x)
        qkv, ff = torch.split(s.in_proj(y), [3 * C, s.mlp], dim=-1)
        q, k, v = qkv.view(B, N, 3, s.h, s.hd).permute(2, 0, 3, 1, 4).unbind(0)
        q, k = s.q_norm(q), s.k_norm(k)
        attn = ((q * s.hd ** -0.5) @ k.transpose(-2, -1)).softmax(-1)
        a = (attn @ v).transpose(1, 2).reshape(B, N, C)
        return x + s.out_proj(torch.cat([a, F.gelu(ff)], dim=-1))
def vit22b():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.pe = nn.Linear(12, 32); s.blocks = nn.Sequential(ViT22BBlock(), ViT22BBlock()); s.head = nn.Linear(32, 4)
        def forward(s, x, y):
            p = x.unfold(2, 2, 2).unfold(3, 2, 2).permute(0, 2, 3, 1, 4, 5).flatten(3).flatten(1, 2)
            return F.cross_entropy(s.head(s.blocks(s.pe(p)).mean(1)), y)
    return Net(), (torch.randn(2, 3, 8, 8), torch.tensor([1, 3]))


class CLIPClamp(nn.Module):
    """open_clip's loss: logit_scale.exp() clamped at 100 (the clamp is
    active here: its gradient is zero), normalized features through
    F.normalize, labels as arange."""
    def __init__(s, init=math.log(150.0)):
        super().__init__(); s.visual = nn.Sequential(nn.Flatten(), nn.Linear(48, 16)); s.text = nn.EmbeddingBag(20, 16, mode="mean")
        s.logit_scale = nn.Parameter(torch.ones([]) * init); s.logit_bias = nn.Parameter(torch.zeros([]))
    def forward(s, image, text):
        image_features = F.normalize(s.visual(image), dim=-1)
        text_features = F.normalize(s.text(text), dim=-1)
        logit_scale = s.logit_scale.exp().clamp(max=100)
        logits_per_image = logit_scale * image_features @ text_features.T + s.logit_bias
        logits_per_text = logit_scale * text_features @ image_features.T + s.logit_bias
        labels = torch.arange(logits_per_image.shape[0], dtype=torch.long)
        return (F.cross_entropy(logits_per_image, labels) + F.cross_entropy(logits_per_text, labels)) / 2
def clip_clamp():
    torch.manual_seed(0); return CLIPClamp(), (torch.randn(4, 3, 4, 4), torch.randint(0, 20, (4, 5)))
def clip_noclamp():
    torch.manual_seed(0); return CLIPClamp(math.log(10.0)), (torch.randn(4, 3, 4, 4), torch.randint(0, 20, (4, 5)))


# ------------------------------------------------ sequences and the rest

class SpatialGatingUnit(nn.Module):
    def __init__(s, d_ffn, seq_len):
        super().__init__(); s.norm = nn.LayerNorm(d_ffn // 2); s.spatial_proj = nn.Conv1d(seq_len, seq_len, kernel_size=1)
        nn.init.uniform_(s.spatial_proj.weight, -1e-2, 1e-2); nn.init.constant_(s.spatial_proj.bias, 1.0)
    def forward(s, x):
        u, v = x.chunk(2, dim=-1)
        v = s.norm(v)
        v = s.spatial_proj(v)
        return u * v
class gMLPBlock(nn.Module):
    def __init__(s, d_model=32, d_ffn=64, seq_len=10):
        super().__init__(); s.norm = nn.LayerNorm(d_model); s.channel_proj1 = nn.Linear(d_model, d_ffn); s.channel_proj2 = nn.Linear(d_ffn // 2, d_model); s.sgu = SpatialGatingUnit(d_ffn, seq_len)
    def forward(s, x):
        residual = x
        x = F.gelu(s.channel_proj1(s.norm(x)))
        x = s.sgu(x)
        return s.channel_proj2(x) + residual
def gmlp():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(20, 32); s.blocks = nn.Sequential(*[gMLPBlock() for _ in range(3)]); s.out = nn.Linear(32, 20)
        def forward(s, ids):
            return F.cross_entropy(s.out(s.blocks(s.emb(ids))).transpose(1, 2), ids)
    return Net(), (torch.randint(0, 20, (2, 10)),)


class CausalLinearAttention(nn.Module):
    """Katharopoulos et al.'s linear transformer: phi(x) = elu(x) + 1, the
    causal form through cumulative sums of k v^T and of k."""
    def __init__(s, d=32, h=4, eps=1e-6):
        super().__init__(); s.h, s.eps = h, eps; s.qkv = nn.Linear(d, 3 * d); s.out = nn.Linear(d, d); s.ln = nn.LayerNorm(d)
    def forward(s, x):
        B, T, C = x.shape
        q, k, v = s.qkv(s.ln(x)).view(B, T, 3, s.h, C // s.h).unbind(2)  # (B, T, H, D)
        Q = F.elu(q) + 1; K = F.elu(k) + 1
        kv = torch.einsum("nshd,nshm->nshdm", K, v).cumsum(dim=1)
        Z = 1 / (torch.einsum("nlhd,nlhd->nlh", Q, K.cumsum(1)) + s.eps)
        V = torch.einsum("nlhd,nlhdm,nlh->nlhm", Q, kv, Z)
        return x + s.out(V.reshape(B, T, C))
def linear_attn():
    torch.manual_seed(0)
    net = nn.Sequential(CausalLinearAttention(), CausalLinearAttention())
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.net = net
        def forward(s, x):
            y = s.net(x)
            return F.mse_loss(y[:, :-1], x[:, 1:])
    return Net(), (torch.randn(2, 12, 32),)


def softmax_kernel(data, *, projection_matrix, is_query, normalize_data=True, eps=1e-4):
    b, h, *_ = data.shape
    data_normalizer = (data.shape[-1] ** -0.25) if normalize_data else 1.
    ratio = (projection_matrix.shape[0] ** -0.5)
    projection = projection_matrix.unsqueeze(0).unsqueeze(0).expand(b, h, -1, -1).type_as(data)
    data_dash = torch.einsum("...id,...jd->...ij", (data_normalizer * data), projection)
    diag_data = data ** 2
    diag_data = torch.sum(diag_data, dim=-1)
    diag_data = (diag_data / 2.0) * (data_normalizer ** 2)
    diag_data = diag_data.unsqueeze(dim=-1)
    if is_query:
        data_dash = ratio * (torch.exp(data_dash - diag_data - torch.amax(data_dash, dim=-1, keepdim=True).detach()) + eps)
    else:
        data_dash = ratio * (torch.exp(data_dash - diag_data - torch.amax(data_dash, dim=(-1, -2), keepdim=True).detach()) + eps)
    return data_dash.type_as(data)
def linear_attention(q, k, v):
    k_cumsum = k.sum(dim=-2)
    D_inv = 1. / torch.einsum("...nd,...d->...n", q, k_cumsum.type_as(q))
    context = torch.einsum("...nd,...ne->...de", k, v)
    return torch.einsum("...de,...nd,...n->...ne", context, q, D_inv)
class PerformerAttention(nn.Module):
    """performer-pytorch's FAVOR+ (non-causal): positive random features from
    an orthogonal projection registered as a buffer."""
    def __init__(s, d=32, h=4, nb_features=16):
        super().__init__(); s.h = h; hd = d // h
        blocks = [torch.linalg.qr(torch.randn(hd, hd))[0].t() for _ in range(nb_features // hd)]
        multiplier = torch.randn((nb_features, hd)).norm(dim=1)
        s.register_buffer("projection_matrix", torch.diag(multiplier) @ torch.cat(blocks))
        s.to_q = nn.Linear(d, d); s.to_k = nn.Linear(d, d); s.to_v = nn.Linear(d, d); s.to_out = nn.Linear(d, d); s.norm = nn.LayerNorm(d)
    def forward(s, x):
        B, N, C = x.shape
        y = s.norm(x)
        q, k, v = (f(y).view(B, N, s.h, -1).transpose(1, 2) for f in (s.to_q, s.to_k, s.to_v))
        q = softmax_kernel(q, is_query=True, projection_matrix=s.projection_matrix)
        k = softmax_kernel(k, is_query=False, projection_matrix=s.projection_matrix)
        out = linear_attention(q, k, v)
        return x + s.to_out(out.transpose(1, 2).reshape(B, N, C))
def performer():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.a = PerformerAttention(); s.b = PerformerAttention(); s.head = nn.Linear(32, 3)
        def forward(s, x, y):
            return F.cross_entropy(s.head(s.b(s.a(x)).mean(1)), y)
    return Net(), (torch.randn(2, 10, 32), torch.tensor([0, 2]))


class ProbAttention(nn.Module):
    """Informer's ProbSparse self-attention: keys sampled by torch.randint
    in forward, a sparsity measure M, top-u queries by topk, their scores by
    advanced indexing, the rest of the context the mean of V, the chosen
    rows written back with index_put (context_in[...] = ...)."""
    def __init__(s, d=32, h=4, factor=2):
        super().__init__(); s.h, s.factor = h, factor
        s.q = nn.Linear(d, d); s.k = nn.Linear(d, d); s.v = nn.Linear(d, d); s.o = nn.Linear(d, d); s.ln = nn.LayerNorm(d)
    def _prob_QK(s, Q, K, sample_k, n_top):
        B, H, L_K, E = K.shape
        _, _, L_Q, _ = Q.shape
        K_expand = K.unsqueeze(-3).expand(B, H, L_Q, L_K, E)
        index_sample = torch.randint(L_K, (L_Q, sample_k))
        K_sample = K_expand[:, :, torch.arange(L_Q).unsqueeze(1), index_sample, :]
        Q_K_sample = torch.matmul(Q.unsqueeze(-2), K_sample.transpose(-2, -1)).squeeze(-2)
        M = Q_K_sample.max(-1)[0] - torch.div(Q_K_sample.sum(-1), L_K)
        M_top = M.topk(n_top, sorted=False)[1]
        Q_reduce = Q[torch.arange(B)[:, None, None], torch.arange(H)[None, :, None], M_top, :]
        Q_K = torch.matmul(Q_reduce, K.transpose(-2, -1))
        return Q_K, M_top
    def forward(s, x):
        B, L, C = x.shape
        y = s.ln(x)
        queries, keys, values = (f(y).view(B, L, s.h, -1).transpose(2, 1) for f in (s.q, s.k, s.v))
        U_part = min(s.factor * int(math.ceil(math.log(L))), L)
        u = min(s.factor * int(math.ceil(math.log(L))), L)
        scores_top, index = s._prob_QK(queries, keys, sample_k=U_part, n_top=u)
        scores_top = scores_top * (1. / math.sqrt(C // s.h))
        V_sum = values.mean(dim=-2)
        context = V_sum.unsqueeze(-2).expand(B, s.h, L, V_sum.shape[-1]).clone()
        attn = torch.softmax(scores_top, dim=-1)
        context[torch.arange(B)[:, None, None], torch.arange(s.h)[None, :, None], index, :] = torch.matmul(attn, values).type_as(context)
        return x + s.o(context.transpose(2, 1).reshape(B, L, C))
def informer():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Conv1d(3, 32, 3, padding=1, padding_mode="circular"); s.a = ProbAttention(); s.proj = nn.Linear(32, 3)
        def forward(s, x, target):
            h = s.emb(x.permute(0, 2, 1)).transpose(1, 2)
            return F.mse_loss(s.proj(s.a(h)), target)
    return Net(), (torch.randn(2, 16, 3), torch.randn(2, 16, 3))


class sLSTMCell(nn.Module):
    """xLSTM's sLSTM: exponential input and forget gates stabilized by a
    running max m_t = max(f~ + m_{t-1}, i~); normalizer state n."""
    def __init__(s, inp, hid):
        super().__init__(); s.hid = hid; s.W = nn.Linear(inp, 4 * hid); s.R = nn.Linear(hid, 4 * hid, bias=False)
    def forward(s, x_t, state):
        h, c, n, m = state
        i_tilde, f_tilde, z, o = (s.W(x_t) + s.R(h)).chunk(4, dim=-1)
        log_f = F.logsigmoid(f_tilde)
        m_t = torch.max(log_f + m, i_tilde)
        i = torch.exp(i_tilde - m_t)
        f = torch.exp(log_f + m - m_t)
        c = f * c + i * torch.tanh(z)
        n = f * n + i
        h = torch.sigmoid(o) * (c / n)
        return h, (h, c, n, m_t)
def slstm():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.cell = sLSTMCell(6, 16); s.head = nn.Linear(16, 6)
        def forward(s, x):
            B, T, _ = x.shape
            z = x.new_zeros(B, 16)
            state = (z, z, z, z)
            outs = []
            for t in range(T):
                h, state = s.cell(x[:, t], state)
                outs.append(h)
            y = s.head(torch.stack(outs, 1))
            return F.mse_loss(y[:, :-1], x[:, 1:])
    return Net(), (torch.randn(3, 7, 6),)


class LocationLayer(nn.Module):
    def __init__(s, n_filters=4, kernel_size=5, attention_dim=16):
        super().__init__(); s.location_conv = nn.Conv1d(2, n_filters, kernel_size, padding=(kernel_size - 1) // 2, bias=False); s.location_dense = nn.Linear(n_filters, attention_dim, bias=False)
    def forward(s, attention_weights_cat):
        return s.location_dense(s.location_conv(attention_weights_cat).transpose(1, 2))
class Tacotron2Attention(nn.Module):
    def __init__(s, rnn_dim=24, emb_dim=16, att_dim=16):
        super().__init__(); s.query_layer = nn.Linear(rnn_dim, att_dim, bias=False); s.memory_layer = nn.Linear(emb_dim, att_dim, bias=False)
        s.v = nn.Linear(att_dim, 1, bias=False); s.location_layer = LocationLayer(); s.score_mask_value = -float("inf")
    def forward(s, attention_hidden_state, memory, processed_memory, attention_weights_cat, mask):
        processed_query = s.query_layer(attention_hidden_state.unsqueeze(1))
        processed_attention_weights = s.location_layer(attention_weights_cat)
        energies = s.v(torch.tanh(processed_query + processed_attention_weights + processed_memory)).squeeze(-1)
        energies = energies.masked_fill(mask, s.score_mask_value)
        attention_weights = F.softmax(energies, dim=1)
        attention_context = torch.bmm(attention_weights.unsqueeze(1), memory).squeeze(1)
        return attention_context, attention_weights
class Tacotron(nn.Module):
    def __init__(s):
        super().__init__(); s.embedding = nn.Embedding(12, 16); s.encoder = nn.Conv1d(16, 16, 5, padding=2)
        s.prenet = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Dropout(0.5)); s.attention_rnn = nn.LSTMCell(16 + 16, 24)
        s.attention_layer = Tacotron2Attention(); s.proj = nn.Linear(24 + 16, 8); s.gate = nn.Linear(24 + 16, 1)
    def forward(s, text, text_lengths, mels, gate_target):
        memory = F.relu(s.encoder(s.embedding(text).transpose(1, 2))).transpose(1, 2)
        B, T_in, _ = memory.shape
        mask = torch.arange(T_in)[None, :] >= text_lengths[:, None]  # get_mask_from_lengths, inverted
        processed_memory = s.attention_layer.memory_layer(memory)
        h = memory.new_zeros(B, 24); c = memory.new_zeros(B, 24)
        attention_weights = memory.new_zeros(B, T_in); attention_weights_cum = memory.new_zeros(B, T_in); ctx = memory.new_zeros(B, 16)
        prev = memory.new_zeros(B, 8)
        mel_outputs, gate_outputs = [], []
        for t in range(mels.shape[1]):
            x = s.prenet(prev)
            h, c = s.attention_rnn(torch.cat((x, ctx), -1), (h, c))
            attention_weights_cat = torch.cat((attention_weights.unsqueeze(1), attention_weights_cum.unsqueeze(1)), dim=1)
            ctx, attention_weights = s.attention_layer(h, memory, processed_memory, attention_weights_cat, mask)
            attention_weights_cum = attention_weights_cum + attention_weights  # += in the original
            hc = torch.cat((h, ctx), dim=1)
            mel_outputs.append(s.proj(hc)); gate_outputs.append(s.gate(hc).squeeze(1))
            prev = mels[:, t]  # teacher forcing
        mel = torch.stack(mel_outputs, 1); gate = torch.stack(gate_outputs, 1)
        return F.mse_loss(mel, mels) + F.binary_cross_entropy_with_logits(gate, gate_target)
def tacotron():
    torch.manual_seed(0); g = torch.zeros(2, 5); g[:, -1] = 1
    return Tacotron(), (torch.randint(0, 12, (2, 7)), torch.tensor([7, 5]), torch.randn(2, 5, 8), g)


class GatedDeltaNet(nn.Module):
    """A gated delta rule written as a loop: S_t = a_t S_{t-1} (I - b_t k k^T)
    + b_t v k^T with L2-normalized keys, o_t = S_t q_t; a short causal
    depthwise conv before (F.pad on the left), a gated RMSNorm after."""
    def __init__(s, d=16, h=2):
        super().__init__(); s.h, s.hd = h, d // h
        s.q_proj = nn.Linear(d, d, bias=False); s.k_proj = nn.Linear(d, d, bias=False); s.v_proj = nn.Linear(d, d, bias=False)
        s.conv = nn.Conv1d(3 * d, 3 * d, 4, groups=3 * d, bias=False)
        s.a_proj = nn.Linear(d, h); s.b_proj = nn.Linear(d, h); s.A_log = nn.Parameter(torch.log(torch.rand(h) * 4 + 1))
        s.g_proj = nn.Linear(d, d, bias=False); s.o_norm = nn.Parameter(torch.ones(s.hd)); s.o_proj = nn.Linear(d, d, bias=False)
    def forward(s, x):
        B, T, C = x.shape
        qkv = torch.cat([s.q_proj(x), s.k_proj(x), s.v_proj(x)], -1).transpose(1, 2)
        qkv = F.silu(s.conv(F.pad(qkv, (3, 0)))).transpose(1, 2)
        q, k, v = (t.reshape(B, T, s.h, s.hd) for t in qkv.split(C, -1))
        q = F.normalize(q, p=2, dim=-1) * s.hd ** -0.5; k = F.normalize(k, p=2, dim=-1)
        beta = s.b_proj(x).sigmoid()
        g = -s.A_log.float().exp() * F.softplus(s.a_proj(x).float())
        S = x.new_zeros(B, s.h, s.hd, s.hd)
        outs = []
        for t in range(T):
            a_t = g[:, t].exp()[..., None, None]
            k_t, v_t, q_t, b_t = k[:, t], v[:, t], q[:, t], beta[:, t][..., None]
            S = S * a_t
            v_old = torch.einsum("bhvk,bhk->bhv", S, k_t)
            S = S + torch.einsum("bhv,bhk->bhvk", b_t * (v_t - v_old), k_t)
            outs.append(torch.einsum("bhvk,bhk->bhv", S, q_t))
        o = torch.stack(outs, 1)
        o = o * torch.rsqrt(o.pow(2).mean(-1, keepdim=True) + 1e-5) * s.o_norm
        o = o * F.silu(s.g_proj(x).view(B, T, s.h, s.hd))
        return x + s.o_proj(o.reshape(B, T, C))
def deltanet():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.emb = nn.Embedding(10, 16); s.l = GatedDeltaNet(); s.head = nn.Linear(16, 10)
        def forward(s, ids):
            return F.cross_entropy(s.head(s.l(s.emb(ids)))[:, :-1].reshape(-1, 10), ids[:, 1:].reshape(-1))
    return Net(), (torch.randint(0, 10, (2, 8)),)


class CTCModel(nn.Module):
    """A speech recognizer's CTC head: Conv1d subsampling, a bidirectional
    GRU, log_softmax over (T, B, C) and F.ctc_loss with input and target
    lengths, zero_infinity=True."""
    def __init__(s):
        super().__init__(); s.conv = nn.Conv1d(8, 16, 3, stride=2, padding=1); s.rnn = nn.GRU(16, 12, batch_first=True, bidirectional=True); s.fc = nn.Linear(24, 6)
    def forward(s, feats, feat_lens, targets, target_lens):
        x = F.relu(s.conv(feats.transpose(1, 2))).transpose(1, 2)
        x, _ = s.rnn(x)
        log_probs = F.log_softmax(s.fc(x), dim=-1).transpose(0, 1)
        input_lengths = torch.div(feat_lens - 1, 2, rounding_mode="floor") + 1
        return F.ctc_loss(log_probs, targets, input_lengths, target_lens, blank=0, reduction="mean", zero_infinity=True)
def ctc():
    torch.manual_seed(0)
    return CTCModel(), (torch.randn(2, 20, 8), torch.tensor([20, 16]), torch.tensor([[1, 2, 2, 3], [4, 5, 1, 0]]), torch.tensor([4, 3]))


class DeepFM(nn.Module):
    def __init__(s, field_dims=(5, 7, 4, 6), embed_dim=8):
        super().__init__()
        s.embedding = nn.Embedding(sum(field_dims), embed_dim); s.linear = nn.Embedding(sum(field_dims), 1); s.bias = nn.Parameter(torch.zeros((1,)))
        s.register_buffer("offsets", torch.tensor((0, *torch.cumsum(torch.tensor(field_dims), 0)[:-1].tolist()), dtype=torch.long))
        s.embed_output_dim = len(field_dims) * embed_dim
        s.mlp = nn.Sequential(nn.Linear(s.embed_output_dim, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Dropout(0.2), nn.Linear(16, 1))
    def forward(s, x, y):
        x = x + s.offsets.unsqueeze(0)
        embed_x = s.embedding(x)
        square_of_sum = torch.sum(embed_x, dim=1) ** 2
        sum_of_square = torch.sum(embed_x ** 2, dim=1)
        fm = 0.5 * torch.sum(square_of_sum - sum_of_square, dim=1, keepdim=True)
        out = torch.sum(s.linear(x), dim=1) + s.bias + fm + s.mlp(embed_x.view(-1, s.embed_output_dim))
        return F.binary_cross_entropy(torch.sigmoid(out.squeeze(1)), y.float())
def deepfm():
    torch.manual_seed(0); x = torch.stack([torch.randint(0, n, (6,)) for n in (5, 7, 4, 6)], 1)
    return DeepFM(), (x, torch.randint(0, 2, (6,)))


class CrossNetwork(nn.Module):
    """DCN's cross layers x_{l+1} = x_0 * (w^T x_l) + b + x_l (a vector
    weight: (x_l @ w) is a scalar per row) and DCN-V2's matrix form."""
    def __init__(s, d, n=3, v2=False):
        super().__init__(); s.v2 = v2
        if v2:
            s.W = nn.ModuleList([nn.Linear(d, d) for _ in range(n)])
        else:
            s.w = nn.ParameterList([nn.Parameter(torch.randn(d, 1) * 0.1) for _ in range(n)]); s.b = nn.ParameterList([nn.Parameter(torch.zeros(d)) for _ in range(n)])
    def forward(s, x0):
        x = x0
        if s.v2:
            for lin in s.W:
                x = x0 * lin(x) + x
        else:
            for w, b in zip(s.w, s.b):
                x = x0 * torch.matmul(x, w) + b + x
        return x
class DCN(nn.Module):
    def __init__(s):
        super().__init__(); s.emb = nn.ModuleList([nn.Embedding(6, 4) for _ in range(3)]); d = 12 + 5
        s.cross = CrossNetwork(d); s.cross2 = CrossNetwork(d, 2, True); s.deep = nn.Sequential(nn.Linear(d, 16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU()); s.out = nn.Linear(2 * d + 16, 1)
    def forward(s, cat, dense, y):
        x0 = torch.cat([e(cat[:, i]) for i, e in enumerate(s.emb)] + [dense], 1)
        logit = s.out(torch.cat([s.cross(x0), s.cross2(x0), s.deep(x0)], 1)).squeeze(1)
        return F.binary_cross_entropy_with_logits(logit, y)
def dcn():
    torch.manual_seed(0); return DCN(), (torch.randint(0, 6, (5, 3)), torch.randn(5, 5), torch.rand(5).round())


class GINConv(nn.Module):
    def __init__(s, nn_, eps=0.0, train_eps=True):
        super().__init__(); s.nn = nn_; s.eps = nn.Parameter(torch.tensor([eps])) if train_eps else eps
    def forward(s, x, edge_index):
        src, dst = edge_index
        out = torch.zeros_like(x).index_add_(0, dst, x[src])  # sum aggregation
        out = out + (1 + s.eps) * x
        return s.nn(out)
class GIN(nn.Module):
    def __init__(s):
        super().__init__()
        s.convs = nn.ModuleList([GINConv(nn.Sequential(nn.Linear(5, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU())),
                                 GINConv(nn.Sequential(nn.Linear(16, 16), nn.BatchNorm1d(16), nn.ReLU(), nn.Linear(16, 16), nn.ReLU()))])
        s.lin = nn.Linear(32, 2)
    def forward(s, x, edge_index, batch, y):
        hs = []
        for conv in s.convs:
            x = conv(x, edge_index); hs.append(x)
        h = torch.cat(hs, 1)
        pooled = torch.zeros(2, h.shape[1]).index_add(0, batch, h)  # global_add_pool
        return F.cross_entropy(s.lin(pooled), y)
def gin():
    torch.manual_seed(0)
    ei = torch.tensor([[0, 1, 1, 2, 2, 3, 4, 5, 5, 6, 6, 7, 3, 0], [1, 0, 2, 1, 3, 2, 5, 4, 6, 5, 7, 6, 0, 3]])
    return GIN(), (torch.randn(8, 5), ei, torch.tensor([0, 0, 0, 0, 1, 1, 1, 1]), torch.tensor([1, 0]))


class GraphormerLayer(nn.Module):
    """Graphormer: in/out degree embeddings added to the node features, a
    spatial encoding (an embedding of shortest-path distances, one bias per
    head) added to the scores, a virtual graph token, padded nodes masked."""
    def __init__(s, d=32, h=4):
        super().__init__(); s.h = h; s.ln1 = nn.LayerNorm(d); s.ln2 = nn.LayerNorm(d); s.qkv = nn.Linear(d, 3 * d); s.o = nn.Linear(d, d)
        s.ffn = nn.Sequential(nn.Linear(d, 64), nn.GELU(), nn.Linear(64, d)); s.drop = nn.Dropout(0.1)
    def forward(s, x, attn_bias):
        B, N, C = x.shape
        q, k, v = s.qkv(s.ln1(x)).view(B, N, 3, s.h, C // s.h).permute(2, 0, 3, 1, 4)
        a = (q @ k.transpose(-1, -2)) * (C // s.h) ** -0.5 + attn_bias
        a = s.drop(torch.softmax(a, dim=-1))
        x = x + s.o((a @ v).transpose(1, 2).reshape(B, N, C))
        return x + s.ffn(s.ln2(x))
class Graphormer(nn.Module):
    def __init__(s):
        super().__init__(); s.atom = nn.Embedding(10, 32, padding_idx=0); s.in_deg = nn.Embedding(8, 32, padding_idx=0); s.out_deg = nn.Embedding(8, 32, padding_idx=0)
        s.spatial = nn.Embedding(6, 4, padding_idx=0); s.graph_token = nn.Embedding(1, 32); s.graph_token_virtual_distance = nn.Embedding(1, 4)
        s.layers = nn.ModuleList([GraphormerLayer(), GraphormerLayer()]); s.head = nn.Linear(32, 1)
    def forward(s, atoms, in_degree, out_degree, spatial_pos, y):
        B, N = atoms.shape
        x = s.atom(atoms) + s.in_deg(in_degree) + s.out_deg(out_degree)
        x = torch.cat([s.graph_token.weight.unsqueeze(0).repeat(B, 1, 1), x], dim=1)
        graph_attn_bias = torch.zeros(B, 4, N + 1, N + 1)
        graph_attn_bias[:, :, 1:, 1:] = s.spatial(spatial_pos).permute(0, 3, 1, 2)
        t = s.graph_token_virtual_distance.weight.view(1, 4, 1)
        graph_attn_bias[:, :, 1:, 0] = graph_attn_bias[:, :, 1:, 0] + t
        graph_attn_bias[:, :, 0, :] = graph_attn_bias[:, :, 0, :] + t
        pad = torch.cat([torch.zeros(B, 1, dtype=torch.bool), atoms == 0], 1)
        graph_attn_bias = graph_attn_bias.masked_fill(pad[:, None, None, :], float("-inf"))
        for l in s.layers:
            x = l(x, graph_attn_bias)
        return F.l1_loss(s.head(x[:, 0]).squeeze(-1), y)
def graphormer():
    torch.manual_seed(0); atoms = torch.randint(1, 10, (2, 6)); atoms[1, 4:] = 0
    sp = torch.randint(1, 6, (2, 6, 6)); sp[1, 4:] = 0; sp[1, :, 4:] = 0
    deg = torch.randint(1, 8, (2, 6)); deg[1, 4:] = 0
    return Graphormer(), (atoms, deg, deg.flip(1).clamp(max=7) * (atoms != 0), sp, torch.randn(2))


class HyperNetwork(nn.Module):
    """A hypernetwork (Ha et al.; HyperNetworks for continual learning
    style): a task embedding generates the target network's weights and
    biases, used through F.linear; a per-sample weight through bmm."""
    def __init__(s, z_dim=8, inp=6, hid=12, out=3):
        super().__init__(); s.shapes = [(hid, inp), (hid,), (out, hid), (out,)]
        s.task_emb = nn.Embedding(3, z_dim); n = sum(math.prod(sh) for sh in s.shapes)
        s.hnet = nn.Sequential(nn.Linear(z_dim, 32), nn.ReLU(), nn.Linear(32, n))
        s.per_sample = nn.Linear(6, 6 * 4)
    def forward(s, x, task, y):
        flat = s.hnet(s.task_emb(task)).squeeze(0) * 0.3
        params, off = [], 0
        for sh in s.shapes:
            k = math.prod(sh); params.append(flat[off:off + k].view(*sh)); off += k
        w1, b1, w2, b2 = params
        h = F.relu(F.linear(x, w1, b1))
        logits = F.linear(h, w2, b2)
        W = s.per_sample(x).view(-1, 6, 4)  # a per-sample generated weight
        extra = torch.bmm(x.unsqueeze(1), W).squeeze(1)
        return F.cross_entropy(logits, y) + 0.01 * extra.pow(2).mean()
def hypernet():
    torch.manual_seed(0); return HyperNetwork(), (torch.randn(5, 6), torch.tensor([1]), torch.tensor([0, 2, 1, 1, 0]))


class SineLayer(nn.Module):
    def __init__(s, in_features, out_features, bias=True, is_first=False, omega_0=30):
        super().__init__(); s.omega_0 = omega_0; s.is_first = is_first; s.in_features = in_features
        s.linear = nn.Linear(in_features, out_features, bias=bias)
        with torch.no_grad():
            if s.is_first:
                s.linear.weight.uniform_(-1 / s.in_features, 1 / s.in_features)
            else:
                s.linear.weight.uniform_(-math.sqrt(6 / s.in_features) / s.omega_0, math.sqrt(6 / s.in_features) / s.omega_0)
    def forward(s, input):
        return torch.sin(s.omega_0 * s.linear(input))
class Siren(nn.Module):
    """SIREN fitting an image, with the gradient of the output with respect
    to the coordinates in the loss (create_graph: a double backward)."""
    def __init__(s, double=False):
        super().__init__(); s.double_ = double
        s.net = nn.Sequential(SineLayer(2, 16, is_first=True), SineLayer(16, 16), SineLayer(16, 16), nn.Linear(16, 1))
    def forward(s, coords, gt):
        if s.double_:
            coords = coords.clone().detach().requires_grad_(True)
        out = s.net(coords)
        loss = ((out - gt) ** 2).mean()
        if s.double_:
            g = torch.autograd.grad(out, [coords], grad_outputs=torch.ones_like(out), create_graph=True)[0]
            loss = loss + 0.01 * g.norm(dim=-1).mean()
        return loss
def siren():
    torch.manual_seed(0); c = torch.stack(torch.meshgrid(torch.linspace(-1, 1, 6), torch.linspace(-1, 1, 6), indexing="ij"), -1).view(-1, 2)
    return Siren(), (c, torch.sin(3 * c[:, :1]) * torch.cos(2 * c[:, 1:]))
def siren_grad():
    torch.manual_seed(0); c = torch.stack(torch.meshgrid(torch.linspace(-1, 1, 6), torch.linspace(-1, 1, 6), indexing="ij"), -1).view(-1, 2)
    return Siren(True), (c, torch.sin(3 * c[:, :1]) * torch.cos(2 * c[:, 1:]))


class TabTransformer(nn.Module):
    """TabTransformer: per-column embeddings (one table with offsets), a
    shared column embedding concatenated, a transformer over the columns,
    continuous features layer-normed, an MLP head."""
    def __init__(s, categories=(3, 5, 4), num_continuous=4, dim=16, depth=2, heads=2):
        super().__init__(); s.num_categories = len(categories)
        s.register_buffer("categories_offset", F.pad(torch.tensor(list(categories)), (1, 0), value=2).cumsum(dim=-1)[:-1])
        s.embeds = nn.Embedding(sum(categories) + 2, dim - 4); s.shared = nn.Parameter(torch.randn(len(categories), 4) * 0.02)
        s.transformer = nn.TransformerEncoder(nn.TransformerEncoderLayer(dim, heads, 32, 0.1, activation="gelu", batch_first=True), depth, enable_nested_tensor=False)
        s.norm = nn.LayerNorm(num_continuous)
        s.mlp = nn.Sequential(nn.Linear(dim * len(categories) + num_continuous, 32), nn.ReLU(), nn.Linear(32, 1))
    def forward(s, x_categ, x_cont, y):
        x_categ = x_categ + s.categories_offset
        x = s.embeds(x_categ)
        x = torch.cat([x, s.shared.unsqueeze(0).expand(x.shape[0], -1, -1)], dim=-1)
        x = s.transformer(x)
        flat_categ = x.flatten(1)
        normed_cont = s.norm(x_cont)
        return F.mse_loss(s.mlp(torch.cat((flat_categ, normed_cont), dim=-1)).squeeze(-1), y)
def tabtransformer():
    torch.manual_seed(0); xc = torch.stack([torch.randint(0, n, (5,)) for n in (3, 5, 4)], 1)
    return TabTransformer(), (xc, torch.randn(5, 4), torch.randn(5))


class TimesBlock(nn.Module):
    """TimesNet's TimesBlock with fixed periods (the FFT period search is on
    detached amplitudes, given here): pad the series to a multiple of each
    period, fold it into (T / p, p) 2-D, an inception of Conv2d kernels,
    unfold back, an adaptive softmax-weighted sum over the periods."""
    def __init__(s, d=8, seq_len=12, periods=(3, 5)):
        super().__init__(); s.seq_len, s.periods = seq_len, periods
        s.kernels = nn.ModuleList([nn.Conv2d(d, 16, 2 * i + 1, padding=i) for i in range(2)])
        s.kernels2 = nn.ModuleList([nn.Conv2d(16, d, 2 * i + 1, padding=i) for i in range(2)])
    def inception(s, convs, x):
        return torch.stack([c(x) for c in convs], dim=-1).mean(-1)
    def forward(s, x, period_weight):
        B, T, N = x.size()
        res = []
        for period in s.periods:
            if s.seq_len % period != 0:
                length = ((s.seq_len // period) + 1) * period
                padding = torch.zeros([x.shape[0], (length - s.seq_len), x.shape[2]])
                out = torch.cat([x, padding], dim=1)
            else:
                length = s.seq_len; out = x
            out = out.reshape(B, length // period, period, N).permute(0, 3, 1, 2).contiguous()
            out = s.inception(s.kernels2, F.gelu(s.inception(s.kernels, out)))
            out = out.permute(0, 2, 3, 1).reshape(B, -1, N)
            res.append(out[:, :s.seq_len, :])
        res = torch.stack(res, dim=-1)
        period_weight = F.softmax(period_weight, dim=1)
        period_weight = period_weight.unsqueeze(1).unsqueeze(1).repeat(1, T, N, 1)
        return torch.sum(res * period_weight, -1) + x
def timesnet():
    torch.manual_seed(0)
    class Net(nn.Module):
        def __init__(s):
            super().__init__(); s.enc = nn.Linear(3, 8); s.blocks = nn.ModuleList([TimesBlock(), TimesBlock()]); s.ln = nn.LayerNorm(8); s.proj = nn.Linear(8, 3)
        def forward(s, x, pw, y):
            means = x.mean(1, keepdim=True).detach(); x = x - means
            stdev = torch.sqrt(torch.var(x, dim=1, keepdim=True, unbiased=False) + 1e-5); x = x / stdev
            h = s.enc(x)
            for b in s.blocks:
                h = s.ln(b(h, pw))
            return F.mse_loss(s.proj(h) * stdev + means, y)
    return Net(), (torch.randn(2, 12, 3), torch.randn(2, 2), torch.randn(2, 12, 3))


class PatchTST(nn.Module):
    """PatchTST: RevIN (instance normalization with a learned affine,
    denormalized at the end), channel independence (B * C series),
    ReplicationPad1d at the end then Tensor.unfold into patches, a
    transformer encoder with BatchNorm1d (Transpose) norms, a flatten head."""
    def __init__(s, n_vars=3, seq_len=16, pred_len=4, patch_len=4, stride=2, d=16):
        super().__init__(); s.patch_len, s.stride, s.pred_len = patch_len, stride, pred_len
        s.affine_weight = nn.Parameter(torch.ones(n_vars)); s.affine_bias = nn.Parameter(torch.zeros(n_vars))
        s.padding_patch_layer = nn.ReplicationPad1d((0, stride)); patch_num = (seq_len - patch_len) // stride + 2
        s.W_P = nn.Linear(patch_len, d); s.W_pos = nn.Parameter(torch.empty(patch_num, d).uniform_(-0.02, 0.02))
        s.attn = nn.MultiheadAttention(d, 2, batch_first=True, dropout=0.1); s.norm_attn = nn.BatchNorm1d(d)
        s.ff = nn.Sequential(nn.Linear(d, 32), nn.GELU(), nn.Dropout(0.1), nn.Linear(32, d)); s.norm_ffn = nn.BatchNorm1d(d)
        s.head = nn.Linear(d * patch_num, pred_len); s.dropout = nn.Dropout(0.1)
    def forward(s, x, y):
        means = x.mean(1, keepdim=True).detach(); x = x - means
        stdev = torch.sqrt(torch.var(x, dim=1, keepdim=True, unbiased=False) + 1e-5).detach(); x = x / stdev
        x = x * s.affine_weight + s.affine_bias
        z = x.permute(0, 2, 1)  # (B, C, L)
        z = s.padding_patch_layer(z)
        z = z.unfold(dimension=-1, size=s.patch_len, step=s.stride)  # (B, C, patch_num, patch_len)
        B, C, P, _ = z.shape
        u = s.dropout(torch.reshape(s.W_P(z), (B * C, P, -1)) + s.W_pos)
        a, _ = s.attn(u, u, u)
        u = s.norm_attn((u + a).transpose(1, 2)).transpose(1, 2)
        u = s.norm_ffn((u + s.ff(u)).transpose(1, 2)).transpose(1, 2)
        out = s.head(u.reshape(B, C, -1)).permute(0, 2, 1)
        out = (out - s.affine_bias) / (s.affine_weight + 1e-5 * 1e-5)
        out = out * stdev + means
        return F.mse_loss(out, y)
def patchtst():
    torch.manual_seed(0); return PatchTST(), (torch.randn(2, 16, 3), torch.randn(2, 4, 3))


class FiLMBlock(nn.Module):
    def __init__(s, c, cond):
        super().__init__(); s.conv = nn.Conv2d(c, c, 3, padding=1); s.bn = nn.BatchNorm2d(c, affine=False); s.film = nn.Linear(cond, 2 * c)
    def forward(s, x, q):
        gamma, beta = s.film(q).chunk(2, dim=1)
        out = s.bn(s.conv(x))
        out = gamma.view(*gamma.shape, 1, 1) * out + beta[:, :, None, None]
        return x + F.relu(out)
class FiLMNet(nn.Module):
    """FiLM (CLEVR VQA): a GRU question encoder conditions residual blocks
    through per-channel gamma and beta; coordinate maps concatenated."""
    def __init__(s):
        super().__init__(); s.qemb = nn.Embedding(15, 8); s.gru = nn.GRU(8, 16, batch_first=True); s.stem = nn.Conv2d(5, 8, 3, padding=1)
        s.blocks = nn.ModuleList([FiLMBlock(8, 16), FiLMBlock(8, 16)]); s.cls = nn.Linear(8, 4)
    def forward(s, img, question, y):
        _, hq = s.gru(s.qemb(question)); q = hq[-1]
        B, _, H, W = img.shape
        xs = torch.linspace(-1, 1, W).view(1, 1, 1, W).expand(B, 1, H, W); ys = torch.linspace(-1, 1, H).view(1, 1, H, 1).expand(B, 1, H, W)
        x = F.relu(s.stem(torch.cat([img, xs, ys], 1)))
        for b in s.blocks:
            x = b(x, q)
        return F.cross_entropy(s.cls(F.adaptive_max_pool2d(x, 1).flatten(1)), y)
def film():
    torch.manual_seed(0); return FiLMNet(), (torch.randn(2, 3, 6, 6), torch.randint(0, 15, (2, 5)), torch.tensor([3, 1]))


class ActNorm(nn.Module):
    def __init__(s, c):
        super().__init__(); s.loc = nn.Parameter(torch.zeros(1, c, 1, 1)); s.logs = nn.Parameter(torch.zeros(1, c, 1, 1))
    def forward(s, x):
        _, _, H, W = x.shape
        return (x + s.loc) * torch.exp(s.logs), H * W * torch.sum(s.logs)
class InvConv2d(nn.Module):
    def __init__(s, c):
        super().__init__(); w = torch.linalg.qr(torch.randn(c, c))[0]; s.weight = nn.Parameter(w.unsqueeze(2).unsqueeze(3))
    def forward(s, x):
        _, _, H, W = x.shape
        out = F.conv2d(x, s.weight)
        logdet = H * W * torch.slogdet(s.weight.squeeze().double())[1].float()
        return out, logdet
class AffineCoupling(nn.Module):
    def __init__(s, c):
        super().__init__(); s.net = nn.Sequential(nn.Conv2d(c // 2, 16, 3, padding=1), nn.ReLU(inplace=True), nn.Conv2d(16, c, 3, padding=1))
    def forward(s, x):
        in_a, in_b = x.chunk(2, 1)
        log_s, t = s.net(in_a).chunk(2, 1)
        sc = torch.sigmoid(log_s + 2)
        out_b = (in_b + t) * sc
        return torch.cat([in_a, out_b], 1), torch.sum(torch.log(sc).view(x.shape[0], -1), 1)
class Glow(nn.Module):
    """Glow (rosinality/glow-pytorch): squeeze, ActNorm, invertible 1x1 conv
    with torch.slogdet for its log-determinant, affine coupling; the
    negative log-likelihood in bits per dim."""
    def __init__(s, slogdet=True):
        super().__init__(); s.act = ActNorm(12); s.inv = InvConv2d(12); s.coup = AffineCoupling(12); s.slogdet = slogdet
    def forward(s, x):
        b, c, h, w = x.shape
        x = x.view(b, c, h // 2, 2, w // 2, 2).permute(0, 1, 3, 5, 2, 4).contiguous().view(b, c * 4, h // 2, w // 2)
        out, logdet = s.act(x)
        if s.slogdet:
            out, det1 = s.inv(out)
        else:
            out, det1 = F.conv2d(out, s.inv.weight), 0
        out, det2 = s.coup(out)
        logdet = logdet + det1 + det2
        log_p = (-0.5 * math.log(2 * math.pi) - 0.5 * out ** 2).view(b, -1).sum(1)
        n_pixel = c * h * w
        loss = -math.log(256) * n_pixel + logdet + log_p
        return (-loss / (math.log(2) * n_pixel)).mean()
def glow():
    torch.manual_seed(0); return Glow(), (torch.rand(2, 3, 4, 4) - 0.5,)
def glow_nodet():
    torch.manual_seed(0); return Glow(False), (torch.rand(2, 3, 4, 4) - 0.5,)


MODELS = ["mistral", "qwen2", "phi2", "mpt", "bigcode", "roberta", "albert", "deberta", "xpos", "ntk_rope", "mlm",
          "beit_where", "beit", "dino", "resnext", "seresnet", "mobilenetv3", "shufflenet", "ghostnet", "effnetv2", "attn_unet",
          "pixelcnn", "pixelcnn_f", "dit", "uvit", "sd_xattn", "vit22b", "clip_clamp", "clip_noclamp",
          "gmlp", "linear_attn", "performer", "informer", "slstm", "tacotron", "deltanet", "deepfm", "dcn",
          "gin", "graphormer", "hypernet", "siren", "siren_grad", "tabtransformer", "timesnet", "patchtst", "film",
          "glow_nodet", "ctc", "glow"]
# beit (x[bool_mask] read by a matmul, the lm_head over the masked tokens)
# was refused until session 22, ctc and glow (aten._ctc_loss,
# torch.slogdet) until session 21.
