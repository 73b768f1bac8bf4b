// SPDX-License-Identifier: BSD-3-Clause
// Exceptions as Python sees them: the readers' ReadError becomes fecontact.ReadError, a
// ValueError carrying file, line and column; a contact definition that names no surface and
// the library's invalid_argument (bad search arguments) become ValueError.

#include "bindings.hpp"
#include "fecontact/contact/contact_definitions.hpp"
#include "fecontact/io/read_error.hpp"

namespace fecontact::python {

namespace py = pybind11;

void bind_errors(py::module_& m) {
  // Created once per interpreter and kept by the module; the translator only borrows it.
  static py::exception<ReadError> read_error(m, "ReadError", PyExc_ValueError);
  read_error.doc() =
      "A malformed mesh file. str(error) is 'FILE:LINE[:COLUMN]: what was expected'; the\n"
      "attributes file, line and column (1-based, 0 when unknown) and message give the parts.";
  py::register_exception_translator([](std::exception_ptr thrown) {
    try {
      if (thrown) std::rethrow_exception(thrown);
    } catch (const ReadError& e) {
      py::object error = py::handle(read_error.ptr())(e.what());
      error.attr("file") = e.file();
      error.attr("line") = e.line();
      error.attr("column") = e.column();
      error.attr("message") = e.message();
      PyErr_SetObject(read_error.ptr(), error.ptr());
    } catch (const ContactDefinitionError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
}

}  // namespace fecontact::python
