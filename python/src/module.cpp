// The extension module `reckon._reckon`: the C++ side of the Python package
// (python/reckon/, docs/python.md). Evaluation, explanation and sweeps run with the GIL
// released; their results become Python objects once it is held again.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "python/src/session.hpp"
#include "syntax/diagnostics.hpp"

namespace py = pybind11;
using reckon::Dimension;
using reckon::python::CaseInfo;
using reckon::python::Converted;
using reckon::python::Failure;
using reckon::python::MemberInfo;
using reckon::python::Session;

namespace {

py::tuple dimension_tuple(const Dimension& d) {
  py::tuple t(reckon::base_count);
  for (std::size_t i = 0; i < reckon::base_count; ++i) t[i] = py::int_(d.exponents[i]);
  return t;
}

Dimension dimension_from(const py::sequence& exponents) {
  if (exponents.size() != reckon::base_count)
    throw py::value_error("a dimension has " + std::to_string(reckon::base_count) + " exponents");
  Dimension d;
  for (std::size_t i = 0; i < reckon::base_count; ++i)
    d.exponents[i] = static_cast<std::int8_t>(exponents[i].cast<int>());
  return d;
}

// A converted value as a tuple the package's Python turns into its objects
// (reckon/_values.py): (kind, ...).
py::object to_python(const Converted& c) {
  using K = Converted::Kind;
  switch (c.kind) {
    case K::none:
      return py::none();
    case K::quantity:
      return py::make_tuple("quantity", c.number, dimension_tuple(c.dim), c.unit, c.scale, c.shown);
    case K::boolean:
      return py::make_tuple("boolean", c.number != 0);
    case K::text:
      return py::make_tuple("text", c.text);
    case K::member:
      return py::make_tuple("member", c.text);
    case K::instance:
      return py::make_tuple("instance", c.text, c.names.front(), c.shown);
    case K::record:
    case K::map:
    case K::list:
    case K::tuple: {
      py::list items;
      for (const Converted& x : c.items) items.append(to_python(x));
      const char* kind = c.kind == K::record  ? "record"
                         : c.kind == K::map   ? "map"
                         : c.kind == K::tuple ? "tuple"
                                              : "list";
      return py::make_tuple(kind, c.text, py::cast(c.names), items, c.shown);
    }
  }
  return py::none();
}

py::dict member_dict(const MemberInfo& m) {
  py::dict d;
  d["name"] = m.name;
  d["type"] = m.type;
  d["text"] = m.text;
  d["parameters"] = m.parameters;
  d["text_parameters"] = m.text_parameters;
  d["docs"] = m.docs;
  return d;
}

py::list members(const std::vector<MemberInfo>& ms) {
  py::list l;
  for (const MemberInfo& m : ms) l.append(member_dict(m));
  return l;
}

}  // namespace

PYBIND11_MODULE(_reckon, m) {
  m.doc() = "The C++ side of the reckon package (docs/python.md).";
  m.attr("version") = RECKON_MODULE_VERSION;  // CMake's project() version
  m.attr("base_unit_symbols") = [] {
    py::list l;
    for (std::string_view s : reckon::base_unit_symbols) l.append(std::string(s));
    return l;
  }();

  // A Failure becomes reckon.ReckonError, defined in Python (reckon/errors.py).
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const Failure& f) {
      py::object cls = py::module_::import("reckon.errors").attr("ReckonError");
      py::object error =
          cls(f.code, f.message, f.file.empty() ? py::none() : py::cast(f.file),
              f.line ? py::cast(f.line) : py::none(), f.column ? py::cast(f.column) : py::none(),
              f.rendered, py::cast(f.notes));
      PyErr_SetObject(cls.ptr(), error.ptr());
    }
  });

  py::class_<Session, std::shared_ptr<Session>>(m, "Session")
      .def(py::init<const std::string&>(), py::arg("path"),
           py::call_guard<py::gil_scoped_release>())
      .def_property_readonly("path", &Session::path)
      .def("cases",
           [](const Session& s) {
             py::list out;
             for (const CaseInfo& c : s.cases()) {
               py::dict d;
               d["name"] = c.name;
               d["scenario"] = c.scenario;
               d["docs"] = c.docs;
               d["inputs"] = members(c.inputs);
               d["properties"] = members(c.properties);
               d["methods"] = members(c.methods);
               out.append(d);
             }
             return out;
           })
      .def(
          "evaluate",
          [](Session& s, const std::string& expression, std::optional<std::string> case_name,
             std::vector<std::string> sets, int digits) {
            Converted c;
            {
              py::gil_scoped_release release;
              c = s.evaluate(expression, case_name, sets, digits);
            }
            return to_python(c);
          },
          py::arg("expression"), py::arg("case_name") = py::none(),
          py::arg("sets") = std::vector<std::string>{}, py::arg("digits") = 4)
      .def("explain", &Session::explain, py::arg("expression"), py::arg("case_name") = py::none(),
           py::arg("sets") = std::vector<std::string>{}, py::arg("depth") = 1,
           py::arg("format") = "text", py::arg("digits") = 4,
           py::call_guard<py::gil_scoped_release>());

  m.def(
      "render",
      [](const std::string& code, const std::string& message) {
        return reckon::render(code, message);
      },
      py::arg("code"), py::arg("message"), "An error without a location, as `reckon` prints it.");
  m.def(
      "unit_of",
      [](const std::string& text) {
        std::pair<double, Dimension> u;
        {
          py::gil_scoped_release release;
          u = reckon::python::unit_of(text);
        }
        return py::make_tuple(u.first, dimension_tuple(u.second));
      },
      py::arg("text"), "The scale to base units and the dimension of a unit as written.");
  m.def(
      "display_unit_of",
      [](double base, const py::sequence& exponents, int digits) {
        auto u = reckon::python::display_unit_of(base, dimension_from(exponents), digits);
        return py::make_tuple(u.first, u.second);
      },
      py::arg("base"), py::arg("dimension"), py::arg("digits") = 4,
      "The unit `reckon eval` would show a quantity in, and its scale.");
  m.def(
      "sweep_csv",
      [](const std::string& file, const std::string& name, std::vector<std::string> vary,
         std::vector<std::string> show, std::vector<std::string> where,
         std::vector<std::string> sets, std::optional<std::string> minimize,
         std::optional<std::string> maximize, int jobs, const std::string& shard,
         const std::string& infeasible, bool skip_errors, int digits) {
        reckon::python::SweepCall call{file,
                                       name,
                                       std::move(vary),
                                       std::move(show),
                                       std::move(where),
                                       std::move(sets),
                                       minimize,
                                       maximize,
                                       jobs,
                                       shard,
                                       infeasible,
                                       skip_errors,
                                       digits};
        std::string csv;
        {
          py::gil_scoped_release release;
          csv = reckon::python::sweep_csv(call);
        }
        return csv;
      },
      py::arg("file"), py::arg("name"), py::arg("vary"), py::arg("show"), py::arg("where"),
      py::arg("sets"), py::arg("minimize"), py::arg("maximize"), py::arg("jobs") = 0,
      py::arg("shard") = "1/1", py::arg("infeasible") = "skip", py::arg("skip_errors") = false,
      py::arg("digits") = 4, "`reckon sweep --format csv` of these options, as text.");
}
