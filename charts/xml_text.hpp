// Text from a user's file inside an XML or HTML document (an SVG chart, a doc page, a
// Moodle quiz) is data: the one place that makes it so. A file's text may hold any bytes;
// the document must still parse, and a `<script>` or `onerror=` in it must show as written.
#pragma once

#include <string>
#include <string_view>

namespace reckon::xml {

// `s` as text an XML 1.0 document may hold: each byte that does not begin a valid UTF-8
// encoding of a character XML allows (a stray continuation, a cut sequence, an overlong
// form, a surrogate, U+FFFE, U+FFFF, beyond U+10FFFF), and each control character XML
// forbids even as an entity (below U+0020 but tab, newline and carriage return), becomes
// U+FFFD, which marks where something was.
std::string text(std::string_view s);

// text(s) with `&`, `<`, `>` and `"` written as entities: safe inside an element and
// inside a double-quoted attribute, in XML and in HTML.
std::string escape(std::string_view s);

}  // namespace reckon::xml
