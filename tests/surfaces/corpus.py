"""The cross-surface corpus: what every surface must show for each value of corpus.rk.

Each entry names an expression (a property of the case `Main` unless `expr` says
otherwise), the display text it has alone (`text`, as `reckon eval` prints it), the
number in that unit (`value`, as --json's `value` and Python's `.value` give it; for a
bool or a text, the bool or the text), and, for a record, the short form it has inside
anything else (`short`). Every expectation is written by hand from the display rules of
issue #27 (docs/language.md, "Display"); the comment on each names the rule and, where a
number is converted, the calculation. test_surfaces.py derives each surface's form from
these (`(TEXT, 1)` in a tuple, `"TEXT"` in a text, `[N] U` in a one-element list, a
row `v  N` under `value (U)` in a map) and asserts it.

Rules (docs/language.md, "Display"; numbered as in issue #27 and the lead's brief):
  1  the declared or written unit wins; a declared step of a decimal ladder (GB, ms, W,
     B/s, s, B, flop) lets the ladder choose within its family; other units (GiB, h,
     week, USD/kWh) show as declared.
  2  binary stays binary: where the ladder chooses from the bare byte step (a field or
     input declared B, B/device, B/s/device), the binary ladder is taken when its number needs
     fewer significant digits than the decimal one; a value written in GB stays decimal.
  3  a table column keeps its declared unit (the ladder chosen for its largest value) and
     plain decimals; scientific notation only in a cell that cannot be written plainly.
  5  compound declared units show as declared.
  6  records inside anything are named short (`Accelerator "H100 SXM"`).
  7  the number is the nearest double of the exact conversion.
  8  a sweep column's unit is the unit eval shows for the first point's value.
Numbers show 4 significant digits; whole numbers below 1e15 exactly (`2 TB`, `2048 token`).

Surfaces (test_surfaces.py, SURFACES) and the reasons an entry leaves one out are named
here, in `skip`, so that every gap is written down.
"""

from dataclasses import dataclass, field

# --- reasons to leave a surface out -----------------------------------------------------
NOT_A_PROPERTY = {
    "run": "not a property of Main: run prints properties only",
    "lsp_hover": "not declared in corpus.rk: nothing to hover over",
    "lsp_hint": "not declared in corpus.rk: no line for a hint",
    "doc": "no check in corpus.rk: the doc page's examples are checks' left sides",
    "sweep": "a sweep shows expressions of the swept case only",
    "sweep_jsonl": "a sweep shows expressions of the swept case only",
    "exercise": "an exercise answers a property of its case",
}
INPUT = {"lsp_hint": "the server hints properties only, not inputs"}
TEXT = {
    "sweep": "a sweep column holds numbers, quantities and bools, not text (E0414)",
    "sweep_jsonl": "a sweep column holds numbers, quantities and bools, not text (E0414)",
    "exercise": "an answer is a number, a quantity or a bool",
    "list": "the one-element list is derived for numbers only; a text is tested alone, "
            "in a tuple and interpolated",
    "map": "the one-entry map is derived for numbers only; a text is tested alone, "
           "in a tuple and interpolated",
}
RECORD = {
    "pandoc": "a record inline in prose: the rules do not say which form it takes",
    "sweep": "a sweep column holds numbers, quantities and bools, not records (E0414)",
    "sweep_jsonl": "a sweep column holds numbers, quantities and bools, not records (E0414)",
    "exercise": "an answer is a number, a quantity or a bool",
    "list": "a list of records is a table: TABLES below",
    "map": "a map of records is a table: TABLES below",
    "doc": "records are not compared in checks",
    "python_list": "a list of records is a table: TABLES below",
}
COLLECTION = {
    "sweep": "a sweep shows a list as its sum, not the list",
    "sweep_jsonl": "a sweep shows a list as its sum, not the list",
    "exercise": "an answer is a number, a quantity or a bool",
    "list": "nested collections are not part of the corpus",
    "map": "nested collections are not part of the corpus",
    "python": "Python gives a list, dict or tuple of Quantity: python_list covers elements",
    "python_list": "nested collections are not part of the corpus",
    "doc": "collections are not compared in checks",
    "text": "interpolating a collection: said_devices covers it",
    "require": "interpolating a collection: said_devices covers it",
}
MULTILINE = {
    "eval": "a map alone is a table: TABLES below",
    "repl": "a map alone is a table: TABLES below",
    "run": "a map alone is a table: TABLES below",
    "lsp_hint": "a map alone is a table: TABLES below",
    "tuple": "a map in a tuple: not part of the corpus",
}
OPTIONAL = {
    "sweep": "an optional field may be none: a sweep shows it with a fallback (E0404); "
             "sram_or_zero covers that",
    "sweep_jsonl": "an optional field may be none (E0404); sram_or_zero covers that",
    "exercise": "an optional field may be none: an answer needs a fallback (E0404); "
                "sram_or_zero covers that",
}
BOOL = {
    "list": "a list of bools: not part of the corpus",
    "map": "a map of bools: not part of the corpus",
    "python": "Python gives a bool: python_value covers it",
    "exercise": "an answer key words a bool as yes or no (`Answer: **yes**.`)",
}
# An answer key reads in the answer's declared or written unit in every variant, the
# ladder choosing no step (docs/exercises.md): a prompt asks in that unit.
LADDER = {
    "exercise": "an answer key is in the answer's declared unit, the ladder choosing no "
                "step (docs/exercises.md): 2000 GB is keyed `2000 GB` under a prompt in GB",
}
CASE = {
    "python": "a case comes back as reckon.Case, whose str is not a display",
    "python_list": "a list of cases: not part of the corpus",
    "sweep": "a case is not a sweep column",
    "sweep_jsonl": "a case is not a sweep column",
    "exercise": "an answer is a number, a quantity or a bool",
    "list": "a list of cases: not part of the corpus",
    "map": "a map of cases: not part of the corpus",
    "json": "--json of a case: not part of the corpus",
}


@dataclass
class Entry:
    key: str                    # a property or input of Main, or a name for `expr`
    text: str                   # the display alone
    value: object = None        # the number in the unit shown; a bool; a text's text
    expr: str = ""              # the expression, when not `Main.key`
    short: str = ""             # the form inside anything else (records), if not `text`
    field_of: tuple = ()        # (record expression, field) where the value is a field
    skip: dict = field(default_factory=dict)

    @property
    def expression(self):
        return self.expr or f"Main.{self.key}"

    @property
    def inside(self):
        return self.short or self.text


E = Entry
ENTRIES = [
    # --- rule 1: a declared ladder step lets the ladder choose ----------------------------
    # 2000 GB = 2e12 B; the largest decimal step with a value >= 1 is TB: 2, a whole
    # number, printed exactly (the brief's "2.000 TB" contradicts the whole-number rule
    # that gives `5 ms` and `50 GB/s` below; see the report).
    E("big", "2 TB", 2, skip=INPUT),
    # 2500 GB = 2.5e12 B = 2.5 TB.
    E("big_frac", "2.500 TB", 2.5, skip=INPUT),
    # 0.25 GB = 2.5e8 B = 250 MB.
    E("small", "250 MB", 250, skip=INPUT),
    # 0.005 s = 5 ms (the brief's example).
    E("lat", "5 ms", 5, skip=INPUT),
    # 5e10 B/s = 50 GB/s (the brief's example).
    E("bw", "50 GB/s", 50, skip=INPUT),
    # 5600 W = 5.6 kW.
    E("watts", "5.600 kW", 5.6, skip=INPUT),
    # 0.25 W = 250 mW.
    E("milliwatts", "250 mW", 250, skip=INPUT),
    # 3.15e23 flop = 315000 Eflop, 1000 or more of the top step: unprefixed, scientific.
    E("work", "3.150e23 flop", 3.15e23, skip=INPUT),
    # 90000 s = 25 h = 25/24 day = 1.0416666... day; the nearest double of 25/24 is
    # 1.0416666666666667.
    E("dur", "1.042 day", 1.0416666666666667, skip=INPUT),
    # 36 h: h is not a decimal step (the time ladder's decimal steps are ps ... s), so the
    # declared unit stays, as `2 week` does.
    E("hours", "36 h", 36, skip=INPUT),
    # 2500 kB/token = 2.5 MB/token (a count stays beside its physical part).
    E("per_token", "2.500 MB/token", 2.5, skip=INPUT),
    # 700 W/device: W is the ladder's step for 700.
    E("tdp", "700 W/device", 700, skip=INPUT),
    # Zero stays in the unit declared.
    E("zero_lat", "0 ms", 0, skip=INPUT),
    # --- rule 1: units off the ladder show as declared -----------------------------------
    E("span", "2 week", 2, skip=INPUT),
    E("gib", "3000 GiB", 3000, skip=INPUT),
    # 0.12 at 4 significant digits.
    E("kwh_price", "0.1200 USD/kWh", 0.12, skip=INPUT),
    # Money from 1 to 1e12 prints in full.
    E("money", "147500 USD", 147500, skip=INPUT),
    E("tokens", "2048 token", 2048, skip=INPUT),
    # Bit rates keep their own ladder: 400 Gbit/s.
    E("gbps", "400 Gbit/s", 400, skip=INPUT),
    # --- rule 2: binary stays binary ------------------------------------------------------
    # 1536 B: 1.536 kB (4 digits) or 1.5 KiB (2 digits): binary.
    E("buf", "1.500 KiB", 1.5, skip=INPUT),
    # 80 GiB = 85899345920 B: 85.90 GB (4 digits) or 80 GiB (1): binary.
    E("hbm", "80 GiB", 80, skip=INPUT),
    # The registry's H100.memory, 80 GiB/device (stdlib/modules/hardware.rk).
    E("mem", "80 GiB/device", 80),
    # NANO_33_BLE.sram, 256 KiB/device: 262.1 kB or 256 KiB.
    E("sram", "256 KiB/device", 256, skip=OPTIONAL),
    # The same with a fallback (`?? 0 B/device`: both sides in B/device, so the ladder chooses).
    E("sram_or_zero", "256 KiB/device", 256),
    # NANO_33_BLE.flash, 1 MiB/device = 1048576 B: 1.049 MB or 1 MiB.
    E("flash", "1 MiB/device", 1, skip=OPTIONAL),
    # H200.memory, 141 GiB/device = 151.4 GB: binary.
    E("h200_mem", "141 GiB/device", 141),
    # CORAL_EDGE_TPU.memory, 8 MiB/device = 8.389 MB: binary.
    E("coral_mem", "8 MiB/device", 8),
    # A100.memory_bandwidth, written 2039 GB/s/device: 2.039 TB/s (4 digits) against
    # 2039e9 / 2^40 = 1.854 TiB/s: a value written in GB stays decimal.
    E("a100_bw", "2.039 TB/s/device", 2.039),
    # H100.memory_bandwidth, written 3.35 TB/s/device.
    E("h100_bw", "3.350 TB/s/device", 3.35),
    # TRAINIUM.memory_bandwidth, written 820 GiB/s/device = 880.5 GB/s: binary (rule 2 on
    # byte rates, as the binary rate ladder KiB/s ... EiB/s of docs/language.md).
    E("trainium_bw", "820 GiB/s/device", 820),
    # --- rule 5: compound declared units show as declared --------------------------------
    E("token_price", "2 USD/Mtoken", 2, skip=INPUT),
    E("grid", "429 gCO2e/kWh", 429, skip=INPUT),
    E("rental", "2.500 USD/device/h", 2.5, skip=INPUT),
    # 2 USD/h / 1000 token/s = 2 USD / 3.6e6 token = 5/9 USD/Mtoken = 0.5555...;
    # the nearest double of 5/9 is 0.5555555555555556.
    E("serving_price", "0.5556 USD/Mtoken", 0.5555555555555556),
    # 858 kgCO2e / 2000 kWh = 0.429 kgCO2e/kWh = 429 gCO2e/kWh exactly.
    E("intensity", "429 gCO2e/kWh", 429),
    # --- rule 7: the nearest double of the exact conversion -------------------------------
    # 1280 us = 1.28 ms exactly; the nearest double of 1.28 prints 1.28.
    E("conv", "1.280 ms", 1.28),
    # 1024 h / 24 = 128/3 day = 42.666...; its nearest double is 42.666666666666664.
    E("days", "42.67 day", 42.666666666666664),
    # 80 * 2^30 / 1e9 = 85.89934592 exactly.
    E("gb_of_gib", "85.90 GB", 85.89934592),
    # 1e11 / 2^30 = 48828125 / 2^19 = 93.1322574615478515625, a double exactly.
    E("gib_of_gb", "93.13 GiB", 93.1322574615478515625),
    # (1/3) GB = 1000/3 MB = 333.333...; nearest double 333.3333333333333.
    E("third", "333.3 MB", 333.3333333333333),
    # --- plain numbers, counts, bools, texts ----------------------------------------------
    E("ratio", "0.7018", 0.7018),
    E("layers", "96", 96),
    # 80 GiB > 40 GiB.
    E("fits", "true", True, skip=BOOL),
    # H100.peak_fp8, 1979 TFLOP/s/device = 1.979 PFLOP/s/device.
    E("peak_fp8", "1.979 PFLOP/s/device", 1.979, skip=OPTIONAL),
    E("device_name", '"A100 80GB"', "A100 80GB", skip=TEXT),
    # --- records: whole alone, short inside anything (rule 6) ---------------------------
    # Each field as alone: size 3000 GiB (off the ladder), cap 80 GiB (rule 2), lat
    # 0.00008 ms = 8e-8 s = 80 ns (rule 1), bw 50 GB/s, big 2 TB.
    E("dev", 'Dev(name: "x", size: 3000 GiB, cap: 80 GiB, lat: 80 ns, bw: 50 GB/s, big: 2 TB)',
      short='Dev "x"', skip=RECORD),
    E("dev_size", "3000 GiB", 3000, field_of=("Main.dev", "size")),
    E("dev_cap", "80 GiB", 80, field_of=("Main.dev", "cap")),
    E("dev_lat", "80 ns", 80, field_of=("Main.dev", "lat")),
    E("dev_bw", "50 GB/s", 50, field_of=("Main.dev", "bw")),
    E("dev_big", "2 TB", 2, field_of=("Main.dev", "big")),
    # The registry's records: a field inline as alone, the record short elsewhere.
    E("h100_memory", "80 GiB/device", 80, expr="H100.memory", field_of=("H100", "memory"),
      skip=NOT_A_PROPERTY),
    E("nano_sram", "256 KiB/device", 256, expr="NANO_33_BLE.sram",
      field_of=("NANO_33_BLE", "sram"), skip=NOT_A_PROPERTY),
    E("nano_flash", "1 MiB/device", 1, expr="NANO_33_BLE.flash",
      field_of=("NANO_33_BLE", "flash"), skip=NOT_A_PROPERTY),
    E("a100_memory_bandwidth", "2.039 TB/s/device", 2.039, expr="A100.memory_bandwidth",
      field_of=("A100", "memory_bandwidth"), skip=NOT_A_PROPERTY),
    E("rack", 'Rack(dev: Dev "x", slack: 0 GiB)', short='Rack(dev: Dev "x", ...)', skip=RECORD),
    E("pipe_pair", '(Pipe(rate: 900 GB/s, ...), 1)', skip=COLLECTION),
    E("device_pair", '(Accelerator "H100 SXM", 1)', skip=COLLECTION),
    # --- variants -------------------------------------------------------------------------
    # Bigger = Main with big: 3000 GB: 3e12 B = 3 TB.
    E("bigger_big", "3 TB", 3, expr="Bigger.big", skip=NOT_A_PROPERTY),
    # A variant named by its values, the record short (rule 6).
    E("variant", 'Main with device: Accelerator "H100 SXM" (Shown)',
      expr="Main with device: H100", skip=NOT_A_PROPERTY | CASE),
    # 2000 GB + 500 GB = 2.5e12 B = 2.5 TB, in a variant made in an expression.
    E("variant_big", "2.500 TB", 2.5, expr="(Main with big: 2500 GB).big", skip=NOT_A_PROPERTY),
    # --- collections of declared units ----------------------------------------------------
    # One unit for the list, chosen for the largest (42.19 ms: ms). A list shares one
    # notation (docs/language.md, "Display"): 0.00008 alone is scientific at 4 digits
    # (below 1e-4), so every element is; plain decimals are a table column's (rule 3,
    # the `devs` lat column below).
    E("lats", "[4.219e1, 8.000e-5, 3.000e0] ms", skip=INPUT | COLLECTION),
    E("sizes", "[80, 40] GiB", skip=INPUT | COLLECTION),
    # sum of a [GiB] list: 80 + 40 = 120 GiB; bytes written in GiB stay binary (the
    # issue's answer key in MiB under a prompt in GiB).
    E("total_size", "120 GiB", 120),
    # sum of [0.25 GiB, 0.25 GiB] = 0.5 GiB: the list's one unit, GiB, is off the ladder,
    # so it stays (rule 1), never `512 MiB` (the answer key in MiB).
    E("half_total", "0.5000 GiB", 0.5),
    # Each element in a unit of its own: 3000 GiB, and 0.005 s in the declared ms = 5 ms.
    E("pair", "(3000 GiB, 5 ms)", skip=INPUT | COLLECTION),
    # --- text interpolation ---------------------------------------------------------------
    E("kv", "57 GiB", 57),
    # `{kv}` with kv: GiB = 57 GiB is 57 GiB (the issue's `kv 61.20 GB too big`).
    E("msg", '"kv 57 GiB too big"', "kv 57 GiB too big", skip=TEXT),
    E("said_big", '"2 TB"', "2 TB", skip=TEXT),
    E("said_lat", '"5 ms"', "5 ms", skip=TEXT),
    E("said_mem", '"80 GiB/device"', "80 GiB/device", skip=TEXT),
    E("said_price", '"2 USD/Mtoken"', "2 USD/Mtoken", skip=TEXT),
    E("said_device", '"Accelerator \\"H100 SXM\\""', 'Accelerator "H100 SXM"', skip=TEXT),
    E("said_devices", '"[Accelerator \\"H100 SXM\\", Accelerator \\"A100 80GB\\"]"',
      '[Accelerator "H100 SXM", Accelerator "A100 80GB"]', skip=TEXT),
    E("said_dev", '"Dev \\"x\\""', 'Dev "x"', skip=TEXT),
]

# A table (a list of records, a map) keeps each column's declared unit, the ladder chosen
# for the column's largest value, plain decimals, scientific only in a cell that needs it
# (rule 3). (expression, column, heading unit or "" for none, cells top to bottom.)
TABLES = [
    # lat: ms; 42.19 ms, 0.00008 ms, 3 ms: the largest is in ms; not all whole, so each at
    # 4 digits: 42.19, 0.00008000, 3.000 (the issue's `4.219e1` for 42.19 ms).
    ("Main.devs", "lat", "ms", ["42.19", "0.00008000", "3.000"]),
    # size: GiB, off the ladder; 3000, 1, 2 all whole.
    ("Main.devs", "size", "GiB", ["3000", "1", "2"]),
    # cap: B holds 80 GiB, 256 KiB, 1 MiB; the largest on the binary ladder (rule 2):
    # GiB; 256 / 2^20 = 0.000244140625 -> 0.0002441, 1 / 1024 = 0.0009765625 -> 0.0009766.
    ("Main.devs", "cap", "GiB", ["80.00", "0.0002441", "0.0009766"]),
    # bw: B/s holds 5e10, 1e9, 2e9 B/s: GB/s for the largest, all whole.
    ("Main.devs", "bw", "GB/s", ["50", "1", "2"]),
    # big: GB holds 2000, 1, 500 GB: TB for the largest; 2, 0.001, 0.5 at 4 digits.
    ("Main.devs", "big", "TB", ["2.000", "0.001000", "0.5000"]),
    # n: number; 1234567.8 at 4 digits would be 1235000 (made-up zeros): that cell alone
    # is scientific; 2.5 is 2.500; 2.5e15 is past 1e15: scientific, that cell alone.
    ("Main.rows", "n", "", ["1.235e6", "2.500", "2.500e15"]),
    # The registry: memory: B/device holds 80 GiB and 256 KiB: GiB/device (rule 2);
    # 256 / 2^20 GiB = 0.0002441.
    ("[H100, NANO_33_BLE]", "memory", "GiB/device", ["80.00", "0.0002441"]),
    # A map declared {text: GB} holding 2500 GB and 500 GB: TB; 2.500, 0.5000.
    ("Main.loads", "value", "TB", ["2.500", "0.5000"]),
]

# A failing `require` reads its message as a text interpolates (rule 6 for the record).
# (expression, the message after "breaks a constraint of `SCENARIO`: ").
MESSAGES = [
    ("Tight().x", "kv 57 GiB too big"),
    ("Small().x", 'Accelerator "H100 SXM" has too little memory'),
]


# The entries whose declared unit is a step of a ladder that chooses another for the
# value (rule 1, 2, 4): an answer key keeps the declared unit (LADDER).
_LADDER_CHOOSES = {"big", "big_frac", "small", "lat", "bw", "watts", "milliwatts", "dur",
                   "per_token", "buf", "hbm", "mem", "sram_or_zero", "h200_mem", "coral_mem",
                   "a100_bw", "h100_bw", "trainium_bw", "dev_cap", "dev_lat", "dev_bw",
                   "dev_big"}
for _entry in ENTRIES:
    if _entry.key in _LADDER_CHOOSES:
        _entry.skip = {**_entry.skip, **LADDER}
