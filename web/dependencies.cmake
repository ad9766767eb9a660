# The web build's header-only libraries (RECKON_WEB; scripts/build-web). Emscripten's
# compiler has its own C and C++ library and must not see /usr/include, where Debian's
# glibc and libstdc++ headers are; so each library's own folder of Debian's packages
# (tao-pegtl-dev, libboost-dev, libfmt-dev, nlohmann-json3-dev) is linked into a
# build-local include folder, and the targets the layers link are made over it.
set(RECKON_WEB_SYSTEM_HEADERS /usr/include CACHE PATH "Where Debian's header-only libraries are")
set(RECKON_WEB_INCLUDE ${CMAKE_BINARY_DIR}/include)
file(MAKE_DIRECTORY ${RECKON_WEB_INCLUDE})
foreach(folder tao boost fmt nlohmann)
  if(NOT EXISTS ${RECKON_WEB_SYSTEM_HEADERS}/${folder})
    message(FATAL_ERROR "${RECKON_WEB_SYSTEM_HEADERS}/${folder} is missing: install "
                        "scripts/packages.txt's [build] section (scripts/install-packages build)")
  endif()
  file(CREATE_LINK ${RECKON_WEB_SYSTEM_HEADERS}/${folder} ${RECKON_WEB_INCLUDE}/${folder} SYMBOLIC)
endforeach()

function(reckon_web_headers target)
  add_library(${target} INTERFACE IMPORTED GLOBAL)
  target_include_directories(${target} SYSTEM INTERFACE ${RECKON_WEB_INCLUDE})
endfunction()
reckon_web_headers(taocpp::pegtl)
reckon_web_headers(Boost::headers)
reckon_web_headers(nlohmann_json::nlohmann_json)
reckon_web_headers(fmt::fmt-header-only)
target_compile_definitions(fmt::fmt-header-only INTERFACE FMT_HEADER_ONLY=1)
set(RECKON_FMT fmt::fmt-header-only)
# No threads in the wasm build: a sweep runs on the page's worker alone (jobs 1).
add_library(Threads::Threads INTERFACE IMPORTED GLOBAL)

# Exceptions are how every error travels (UserError): emscripten leaves them out unless
# asked. WebAssembly's own (-fwasm-exceptions, the default; Chromium 95, Firefox 100,
# Safari 15.2 and later), with the C++ libraries built for them that Debian's package
# ships (libc++-except, libc++abi-except, libunwind-except); or emscripten's JavaScript-based
# ones (RECKON_WEB_EXCEPTIONS=js), which route every call that may throw, or unwind past
# a destructor, through JavaScript (docs/playground.md, "Load time").
set(RECKON_WEB_EXCEPTIONS wasm CACHE STRING
    "WebAssembly's exceptions (wasm) or emscripten's JavaScript-based ones (js)")
if(RECKON_WEB_EXCEPTIONS STREQUAL "wasm")
  add_compile_options(-fwasm-exceptions)
  add_link_options(-fwasm-exceptions)
elseif(RECKON_WEB_EXCEPTIONS STREQUAL "js")
  add_compile_options(-fexceptions)
  add_link_options(-fexceptions "SHELL:-s DISABLE_EXCEPTION_CATCHING=0")
else()
  message(FATAL_ERROR "RECKON_WEB_EXCEPTIONS is wasm or js, not ${RECKON_WEB_EXCEPTIONS}")
endif()
# Its libc++ predates parts of C++20, which web/compat/cxx20.hpp supplies.
add_compile_options("SHELL:-include ${CMAKE_SOURCE_DIR}/web/compat/cxx20.hpp")

# scripts/build-web compiles the layers as a unity build (a batch of sources per
# translation unit: the headers, PEGTL's, Boost's and {fmt}'s above all, are read once per
# batch instead of once per file). These sources define names in anonymous namespaces
# that another source of their library defines too, so each is compiled alone.
set_source_files_properties(
  syntax/display_unit.cpp grammar/source_format.cpp
  interpreter/check/check_tuples.cpp interpreter/compiled/compile.cpp interpreter/evaluate/evaluate.cpp
  interpreter/display/format_table.cpp interpreter/model/suggest.cpp interpreter/values/text_ops.cpp
  interpreter/sweep/plan_compile.cpp interpreter/values/key_index.cpp interpreter/evaluate/solve.cpp
  interpreter/api/sweep_columns.cpp interpreter/model/signature.cpp
  stdlib/physics/scaling.cpp stdlib/physics/serving_moe.cpp stdlib/physics/networks.cpp
  stdlib/physics/serving_decoding.cpp stdlib/physics/transformer.cpp
  PROPERTIES SKIP_UNITY_BUILD_INCLUSION ON)
