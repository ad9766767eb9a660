// A bound scenario (a case): every input and property is a thunk, evaluated when
// first asked for and never again.
#pragma once

#include <exception>
#include <string>
#include <unordered_map>
#include <vector>

#include "interpreter/value.hpp"

namespace reckon {

struct ScenarioDecl;
struct Expr;

enum class ThunkState : unsigned char { pending, evaluating, done, failed };

struct Thunk {
  ThunkState state = ThunkState::pending;
  Value value;
  std::exception_ptr error;  // failed: asked again, the same error is raised again
};

// One call of a method with particular arguments, memoized like a property.
struct MethodCall {
  std::vector<Value> arguments;
  Thunk result;
};

// Hashing and exact equality of argument lists, so a method's memo is a hash table
// (a linear scan made many distinct calls quadratic). Quantities match bit for bit
// here; two arguments equal only within `==`'s tolerance are simply two entries.
struct ArgumentsHash {
  std::size_t operator()(const std::vector<Value>& args) const;
};
struct ArgumentsEqual {
  bool operator()(const std::vector<Value>& a, const std::vector<Value>& b) const;
};

// A method's calls so far. The calls live in the evaluator, which keeps their
// addresses stable while nested calls add more.
struct MethodMemo {
  std::unordered_map<std::vector<Value>, MethodCall*, ArgumentsHash, ArgumentsEqual> calls;
};

struct Instance {
  std::string name;  // the case's name, or the scenario's for an unnamed instance
  const ScenarioDecl* scenario = nullptr;
  // Per input: the expression that binds it (null: none) and whether it is evaluated
  // inside this instance (an input's default) or at file scope (a case argument).
  std::vector<const Expr*> input_exprs;
  std::vector<bool> input_in_instance;
  std::vector<Thunk> inputs;
  std::vector<Thunk> properties;
  std::vector<MethodMemo> methods;  // indexed like properties
};

}  // namespace reckon
