// The extension module `reckon._reckon`: the C++ side of the Python package
// (python/reckon/, docs/python.md). Evaluation, explanation and sweeps run with the GIL
// released; their results become Python objects once it is held again.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>

#include "interpreter/api/display.hpp"
#include "python/src/session.hpp"
#include "syntax/diagnostics.hpp"

namespace py = pybind11;
using reckon::Dimension;
using reckon::api::ShownValue;
using reckon::python::CaseInfo;
using reckon::python::Failure;
using reckon::python::MemberInfo;
using reckon::python::Session;
using reckon::python::SweepColumn;

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

// A value as data (api::ShownValue) as a tuple the package's Python turns into its
// objects (reckon/program.py, from_native): (kind, ...).
py::object to_python(const ShownValue& s) {
  using K = ShownValue::Kind;
  switch (s.kind) {
    case K::none:
      return py::none();
    case K::quantity:
      return py::make_tuple("quantity", s.base_value, dimension_tuple(s.dim), s.unit, s.scale,
                            s.display);
    case K::boolean:
      return py::make_tuple("boolean", s.truth);
    case K::text:
      return py::make_tuple("text", s.text);
    case K::member:
      return py::make_tuple("member", s.text);
    case K::instance:
      return py::make_tuple("instance", s.text, s.scenario, s.display);
    case K::record:
    case K::map:
    case K::list:
    case K::tuple:
    case K::set: {
      py::list items;
      for (const ShownValue& x : s.items) items.append(to_python(x));
      const char* kind = s.kind == K::record  ? "record"
                         : s.kind == K::map   ? "map"
                         : s.kind == K::tuple ? "tuple"
                         : s.kind == K::set   ? "set"
                                              : "list";
      if (s.kind == K::map) {  // its keys as values too: (kind, ..., display, keys)
        py::list keys;
        for (const ShownValue& k : s.keys) keys.append(to_python(k));
        return py::make_tuple(kind, s.text, py::cast(s.names), items, s.display, keys);
      }
      return py::make_tuple(kind, s.text, py::cast(s.names), items, s.display);
    }
  }
  return py::none();
}

// A sweep's column as (name, unit, cells): numbers as a float64 array, yes/no as bools
// (None for `none`), texts as str (None for `none`).
py::tuple column_to_python(const SweepColumn& c) {
  py::object cells;
  switch (c.kind) {
    case SweepColumn::Kind::number:
      cells = py::array_t<double>(static_cast<py::ssize_t>(c.numbers.size()), c.numbers.data());
      break;
    case SweepColumn::Kind::boolean: {
      py::list l;
      for (double x : c.numbers)
        l.append(std::isnan(x) ? py::object(py::none()) : py::object(py::bool_(x != 0)));
      cells = l;
      break;
    }
    case SweepColumn::Kind::text: {
      py::list l;
      for (const auto& t : c.texts) l.append(t ? py::object(py::str(*t)) : py::object(py::none()));
      cells = l;
      break;
    }
  }
  return py::make_tuple(c.name, c.unit, cells);
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

// A case's (or a scenario's) name, docs and members, as cases() and scenario() give them.
py::dict case_dict(const CaseInfo& c) {
  py::dict d;
  d["name"] = c.name;
  d["scenario"] = c.scenario;
  d["docs"] = c.docs;
  d["inputs"] = members(c.inputs);
  d["properties"] = members(c.properties);
  d["methods"] = members(c.methods);
  return d;
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
      // ReckonError, or the subclass that is also the Python error its code is (a
      // missing case a KeyError, a file that cannot be read an OSError).
      py::object cls = py::module_::import("reckon.errors").attr("error_class")(f.code);
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
             for (const CaseInfo& c : s.cases()) out.append(case_dict(c));
             return out;
           })
      .def(
          "scenario",
          [](const Session& s, const std::string& name) { return case_dict(s.scenario(name)); },
          py::arg("name"), "The members of a scenario, as cases() gives a case's.")
      .def(
          "evaluate",
          [](Session& s, const std::string& expression, std::optional<std::string> case_name,
             std::vector<std::string> sets, int digits, std::optional<std::string> within) {
            ShownValue c;
            {
              py::gil_scoped_release release;
              c = s.evaluate(expression, case_name, sets, digits, within);
            }
            return to_python(c);
          },
          py::arg("expression"), py::arg("case_name") = py::none(),
          py::arg("sets") = std::vector<std::string>{}, py::arg("digits") = 4,
          py::arg("within") = py::none())
      .def("check_overrides", &Session::check_overrides, py::arg("case_name"), py::arg("sets"),
           py::call_guard<py::gil_scoped_release>())
      .def("explain", &Session::explain, py::arg("expression"), py::arg("case_name") = py::none(),
           py::arg("sets") = std::vector<std::string>{}, py::arg("depth") = 1,
           py::arg("format") = "text", py::arg("digits") = 4, py::arg("within") = py::none(),
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
  m.def("number_in_unit", &reckon::api::number_in, py::arg("base"), py::arg("scale"),
        "A base-unit number in a unit of `scale`, as every surface hands it on (1.28 for "
        "1280 us in ms, 42.666666666666664 for 1024 h in day).");
  m.def(
      "display_unit_of",
      [](double base, const py::sequence& exponents, int digits) {
        auto u = reckon::python::display_unit_of(base, dimension_from(exponents), digits);
        return py::make_tuple(u.first, u.second);
      },
      py::arg("base"), py::arg("dimension"), py::arg("digits") = 4,
      "The unit `reckon eval` would show a quantity in, and its scale.");
  m.def(
      "grade_answer",
      [](const std::string& key_program, const std::string& answer, int digits) {
        reckon::python::GradeResult g;
        {
          py::gil_scoped_release release;
          g = reckon::python::grade_answer(key_program, answer, digits);
        }
        py::dict d;
        d["status"] = g.status;
        d["expected"] = g.expected;
        d["feedback"] = g.feedback;
        d["ratio"] = g.ratio ? py::cast(*g.ratio) : py::none();
        return d;
      },
      py::arg("key_program"), py::arg("answer"), py::arg("digits") = 4,
      "An answer graded by Reckon's grader against a key program (exercises export).");
  m.def(
      "sweep_table",
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
        std::vector<SweepColumn> table;
        {
          py::gil_scoped_release release;
          table = reckon::python::sweep_table(call);
        }
        py::list columns;
        for (const SweepColumn& c : table) columns.append(column_to_python(c));
        return columns;
      },
      py::arg("file"), py::arg("name"), py::arg("vary"), py::arg("show"), py::arg("where"),
      py::arg("sets"), py::arg("minimize"), py::arg("maximize"), py::arg("jobs") = 0,
      py::arg("shard") = "1/1", py::arg("infeasible") = "skip", py::arg("skip_errors") = false,
      py::arg("digits") = 4,
      "`reckon sweep` of these options as typed columns: a list of (name, unit, cells).");
}
