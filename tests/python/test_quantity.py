# reckon.Quantity: units, unit-checked arithmetic, and exact conversion to and from pint.
import pint
import pytest

import reckon
from reckon import Quantity


def test_value_unit_and_conversion():
    q = Quantity(80, "GiB")
    assert q.base_value == 80 * 2**30 and q.value == 80 and q.unit == "GiB"
    gb = q.to("GB")
    assert gb.value == 85.89934592 and gb.unit == "GB" and gb.base_value == q.base_value
    # The same double as the language's own conversion.
    assert gb.base_value == reckon.eval("80 GiB -> GB").base_value
    assert Quantity(1.5, "h").to("s").value == 5400


def test_arithmetic_keeps_and_checks_dimensions():
    a, b = Quantity(1, "GB"), Quantity(500, "MB")
    assert (a + b).base_value == 1.5e9 and (a + b).unit == "GB"
    assert (a - b).base_value == 0.5e9
    rate = a / Quantity(2, "s")
    assert rate.base_unit == "B/s" and rate.base_value == 0.5e9
    assert (rate * Quantity(4, "s")).base_value == 2e9
    assert (2 * a).unit == "GB" and (a * 2).base_value == 2e9 and (a / 4).base_value == 2.5e8
    assert (a ** 2).base_unit == "B^2"
    assert -a < a and a >= b and abs(-a) == a
    with pytest.raises(reckon.ReckonError) as caught:
        a + Quantity(1, "s")
    assert caught.value.code == "E0910"
    with pytest.raises(reckon.ReckonError) as caught:
        a < Quantity(1, "s")
    assert caught.value.code == "E0910"
    assert a != Quantity(1, "s")  # equality of different dimensions is merely false


def test_float_only_of_plain_numbers():
    assert float(Quantity(1, "GB") / Quantity(250, "MB")) == 4.0
    assert float(reckon.eval("3 * 2")) == 6.0
    with pytest.raises(reckon.ReckonError) as caught:
        float(Quantity(1, "GB"))
    assert caught.value.code == "E0911"


def test_to_refuses_other_dimensions_and_unknown_units():
    with pytest.raises(reckon.ReckonError) as caught:
        Quantity(1, "GB").to("s")
    assert caught.value.code == "E0912"
    with pytest.raises(reckon.ReckonError) as caught:
        Quantity(1, "GB").to("GBB")
    assert caught.value.code == "E0912" and "GB" in caught.value.message


def test_values_from_reckon_show_as_the_command_line_shows_them():
    assert str(reckon.eval("1.5 h")) == "1.500 h"  # `reckon eval "1.5 h"`, 4 digits
    assert repr(Quantity(2, "GB")) == "Quantity(2.0, 'GB')"


# pint: to_pint carries the base value untouched; from_pint converts with pint's own
# factors. Both directions are compared bit for bit (==) against Reckon's doubles.
@pytest.mark.parametrize("expression", ["80 GiB", "1.5e9 B/s", "312 TFLOP/s", "700 W",
                                        "0.12 USD/kWh", "2048 token", "3.7 kgCO2e/device",
                                        "3.7 kgCO2e/GPU", "624 TOP/s"])
def test_pint_round_trip_is_exact(expression):
    q = reckon.eval(expression)
    p = q.to_pint()
    assert p.magnitude == q.base_value
    back = Quantity.from_pint(p)
    assert back.base_value == q.base_value and back.dimension == q.dimension


def test_from_pint_matches_reckon_units():
    ureg = reckon.pint_registry()
    # 80 GiB = 80 * 2^30 B exactly; 1.5 h = 5400 s exactly; 700 W = 700 kg m^2 s^-3.
    assert Quantity.from_pint(ureg.Quantity(80, "GiB")).base_value == 80 * 2**30
    assert Quantity.from_pint(ureg.Quantity(1.5, "hour")).base_value == 5400
    watts = Quantity.from_pint(ureg.Quantity(700, "W"))
    assert watts == reckon.eval("700 W")
    assert Quantity.from_pint(ureg.Quantity(3, "dimensionless")) == 3


def test_from_pint_of_a_registry_of_ones_own():
    ureg = pint.UnitRegistry()
    q = Quantity.from_pint(ureg.Quantity(2, "GB/s"))
    assert q.base_value == 2e9 and q.base_unit == "B/s"


def test_from_pint_refuses_dimensions_reckon_lacks():
    ureg = reckon.pint_registry()
    with pytest.raises(reckon.ReckonError) as caught:
        Quantity.from_pint(ureg.Quantity(300, "kelvin"))
    assert caught.value.code == "E0913"


def test_sum_format_and_round():
    # sum() starts at 0: 1 GB + 500 MB + 0.25 GB = 1.75 GB.
    total = sum([Quantity(1, "GB"), Quantity(500, "MB"), Quantity(0.25, "GB")])
    assert total.base_value == 1.75e9
    # Any other number is still a different dimension from GB.
    with pytest.raises(reckon.ReckonError) as caught:
        1 + Quantity(1, "GB")
    assert caught.value.code == "E0910"
    # 80 GiB to two decimals; 2.5 TB/s to one significant digit shown in its unit.
    assert f"{Quantity(80, 'GiB'):.2f}" == "80.00 GiB"
    assert f"{Quantity(2.5, 'TB/s'):.1e}" == "2.5e+00 TB/s"
    assert f"{Quantity(3, 'GB')}" == str(Quantity(3, "GB"))
    # round(1.2345 GB, 2) = 1.23 GB, in GB; round() with no digits a whole number.
    assert round(Quantity(1.2345, "GB"), 2) == Quantity(1.23, "GB")
    assert round(Quantity(1.2345, "GB"), 2).unit == "GB"
    assert round(Quantity(2.6, "s")) == Quantity(3, "s")


# pint's names, for code written against pint: the same numbers as Reckon's own names.
def test_pint_names():
    q = Quantity(80, "GiB")
    assert q.magnitude == q.m == q.value == 80
    assert q.units == q.u == q.unit == "GiB"
    # 80 GiB = 80 * 2^30 B = 85,899,345,920 B = 85.89934592 GB.
    assert q.m_as("GB") == 85.89934592
    assert q.to("GB").magnitude == 85.89934592 and q.to("GB").units == "GB"
    base = q.to_base_units()
    assert (base.magnitude, base.units, base.base_value) == (80 * 2**30, "B", 80 * 2**30)
    # A rate: 2 GB/s in base units is 2e9 B/s; a plain number stays plain.
    assert Quantity(2, "GB/s").to_base_units().units == "B/s"
    assert Quantity(2, "GB/s").to_base_units().magnitude == 2e9
    assert Quantity(3).to_base_units() == 3 and Quantity(3).to_base_units().units == ""
    with pytest.raises(reckon.ReckonError) as caught:
        q.m_as("s")
    assert caught.value.code == "E0912"


def test_a_quantity_from_its_text_is_read_by_reckon():
    q = Quantity("80 GiB")
    assert q == Quantity(80, "GiB") and q.base_value == 80 * 2**30
    assert (q.value, q.unit, str(q)) == (80, "GiB", "80 GiB")
    # The interpreter's own reading, conversions included: 1.5e9 B/s, and 1.5 h in
    # minutes is 90 min (1.5 * 60).
    assert Quantity("1.5e9 B/s").base_value == 1.5e9
    assert Quantity("1.5 h -> min").units == "min" and Quantity("1.5 h -> min").m == 90
    assert Quantity("3") == 3
    # Not a quantity, or not Reckon: the interpreter's errors.
    for text, code in [('"80 GiB"', "E0912"), ("GPT3_175B", "E0912"), ("80 GiBB", None)]:
        with pytest.raises(reckon.ReckonError) as caught:
            Quantity(text)
        if code:
            assert caught.value.code == code and "not a quantity" in caught.value.message
    with pytest.raises(TypeError):
        Quantity("80", "GiB")


def test_to_pint_has_a_dimension_of_information():
    # pint's own registry makes bytes dimensionless; reckon.pint_registry() does not.
    p = Quantity(80, "GiB").to_pint()
    assert p.dimensionality == {"[information]": 1}
    assert not p.dimensionless
    # 80 GiB = 85,899,345,920 B = 85.89934592 GB (decimal giga, 1e9).
    assert p.to("GB").magnitude == 85.89934592
    assert p.to("GiB").magnitude == 80
    ureg = reckon.pint_registry()
    rate = Quantity(2, "GB/s").to_pint()
    assert rate.dimensionality == ureg.Quantity(1, "bit/s").dimensionality
    # 2 GB/s = 16 Gbit/s (8 bits a byte).
    assert rate.to("Gbit/s").magnitude == 16
    with pytest.raises(pint.DimensionalityError):
        p.to("s")
    with pytest.raises(pint.DimensionalityError):
        p.to("dimensionless")
    # And back, exactly.
    assert Quantity.from_pint(p) == Quantity(80, "GiB")
    assert Quantity.from_pint(ureg.Quantity(16, "Gbit/s")) == Quantity(2, "GB/s")


def test_a_record_field_keeps_the_names_it_was_written_in():
    # The Coral Edge TPU's record writes `peak: 4 TOP/s/device` (coral.ai: 4 TOPS INT8) into
    # a field declared `flop/s/device`: Python reads the names the command line shows, and
    # the number is the same 4e12 (one op is one flop).
    coral = reckon.eval("CORAL_EDGE_TPU")
    assert str(coral.peak) == "4 TOP/s/device" and coral.peak.unit == "TOP/s/device"
    assert coral.peak.base_value == 4e12
    assert str(reckon.eval("CORAL_EDGE_TPU.peak")) == "4 TOP/s/device"
    assert str(reckon.eval("H100.peak")) == "989 TFLOP/s/device"
