// Maps below the language: map types interned beside list types (and telling keys apart),
// map values shared and compared regardless of order, keys found by content, and the
// inline and table displays with one unit for every value.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "interpreter/display/format.hpp"
#include "interpreter/display/format_map.hpp"
#include "interpreter/model/type_names.hpp"
#include "interpreter/values/maps.hpp"
#include "syntax/ast.hpp"
#include "syntax/types.hpp"

using namespace reckon;

namespace {

Dimension information() { return Dimension::of(Base::information); }

}  // namespace

TEST_CASE("map types keep their key and value types in a list type's room") {
  EnumDecl vendor;
  vendor.name = "Vendor";
  const Type gb = Type::quantity(information());
  Type vendor_type = Type::of(TypeKind::enumeration);
  vendor_type.enumeration = &vendor;
  const Type text_map = Type::map_of(Type::of(TypeKind::text), gb);
  const Type vendor_map = Type::map_of(vendor_type, gb);
  const Type count_map = Type::map_of(Type::quantity({}, true), Type::of(TypeKind::text));
  CHECK(text_map.is_map());
  CHECK_FALSE(text_map.is_list());
  CHECK(text_map.map_value().is_quantity());
  CHECK(text_map.map_value().dim == information());
  // The (key, value) pair interned once: equal map types have equal ids.
  CHECK(text_map.element_id == Type::map_of(Type::of(TypeKind::text), gb).element_id);
  CHECK(text_map.element_id != vendor_map.element_id);
  CHECK(text_map.enumeration == nullptr);
  CHECK(describe(count_map) == "{count: text}");
  CHECK(count_map.map_key().integer);
  CHECK(vendor_map.enumeration == &vendor);
  CHECK(describe(text_map) == "{text: B}");
  CHECK(describe(vendor_map) == "{Vendor: B}");
  CHECK(vendor_map.map_key().kind == TypeKind::enumeration);
  CHECK(text_map.map_key().kind == TypeKind::text);
  // A list is not a map, and has no map value type.
  CHECK(Type::list_of(gb).map_value().is_error());
  CHECK(sizeof(Type) == 48);
}

TEST_CASE("map values find keys by content and show with one unit") {
  // Texts are compared by content, not by the address of the literal they came from.
  const std::string east = "us-east", north = "eu-north", east_again = "us-east";
  const std::string missing = "ap-south";
  const Dimension d = information();
  Value m = Value::adopt(MapValue::make({Value::text_of(east), Value::text_of(north)},
                                        {Value::quantity(80e9, d), Value::quantity(192e9, d)}));
  REQUIRE(m.kind == ValueKind::map);
  {
    Value copy = m;  // shared: one object, two references
    CHECK(copy.map() == m.map());
  }
  CHECK(find_key(*m.map(), Value::text_of(east_again)) == std::size_t{0});
  CHECK(find_key(*m.map(), Value::text_of(north)) == std::size_t{1});
  CHECK_FALSE(find_key(*m.map(), Value::text_of(missing)).has_value());
  CHECK(key_text(Value::text_of(east)) == "\"us-east\"");

  DisplayOptions options;
  // 192e9 B is the largest: GB is readable for it, and every value is shown in GB.
  CHECK(format_value(m, options) == "{\"us-east\": 80, \"eu-north\": 192} GB");
  const DisplayUnit gib{"GiB", 1073741824.0};
  // 80e9 / 2^30 = 74.51 GiB; 192e9 / 2^30 = 178.8 GiB.
  CHECK(format_value(m, options, &gib) == "{\"us-east\": 74.51, \"eu-north\": 178.8} GiB");
  CHECK(format_map_table(*m.map(), options, nullptr, "  ") ==
        "  key       value (GB)\n"
        "  us-east    80\n"
        "  eu-north  192\n");
  Value empty = Value::adopt(MapValue::make({}, {}));
  CHECK(format_value(empty, options) == "{}");
  CHECK(format_map_table(*empty.map(), options, nullptr, "") ==
        "key  value\n"
        "(no entries)\n");
}

TEST_CASE("a map of texts shows its values left-aligned, as they read") {
  const std::string a = "a", b = "bb", short_name = "x", long_name = "H100 SXM";
  Value m = Value::adopt(MapValue::make({Value::text_of(a), Value::text_of(b)},
                                        {Value::text_of(short_name), Value::text_of(long_name)}));
  CHECK(format_map_table(*m.map(), DisplayOptions{}, nullptr, "") ==
        "key  value\n"
        "a    \"x\"\n"
        "bb   \"H100 SXM\"\n");
}
