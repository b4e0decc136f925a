// pg_load's options (docs/reliability.md, "pg_load"), shared by its kinds of tables.
#pragma once

#include <cstdint>
#include <string>

namespace pg::load {

struct Options {
  std::string host = "127.0.0.1";
  uint16_t port = 8080;
  int tables = 100;
  int idle = 0;
  int computer = 0;            // extra tables against the computer (it plays White)
  std::string level = "hard";  // the computer's strength at those tables
  double seconds = 30;
  int size = 9;
  double think_ms = 200;  // mean pause before each action (uniform 0..2x)
  uint64_t seed = 1;
  int server_pid = 0;
  bool echo = false;
  bool survive = false;
  double timeout_s = 10;
  std::string json_out;
  std::string marks;  // a file of outside events' times (kills), read at the end
};

}  // namespace pg::load
