// A new file written under a temporary name in the folder of its final name, and given that name
// only once it is complete and on disk: whoever finds the final name finds the whole file, and a
// failure (or a crash) never leaves a file that looks finished. Used for backups
// (sqlite_backup.h); the writer itself is someone else's (SQLite's).
#pragma once

#include <string>
#include <vector>

namespace pg {

class PendingFile {
 public:
  /// Reserves `<final_path>.partial-<pid>` (created empty, exclusively) in final_path's folder.
  /// `companions` are suffixes of files that the writer may keep beside a file ("-journal",
  /// "-wal"): they are removed with the temporary file, and their presence beside final_path
  /// refuses it too (a stale journal there would be applied to the new file). Throws StoreError
  /// when final_path or one of its companions exists, when its folder does not, or when the
  /// temporary file cannot be created.
  explicit PendingFile(std::string final_path, std::vector<std::string> companions = {});
  /// Removes the temporary file and its companions unless published.
  ~PendingFile();
  PendingFile(const PendingFile&) = delete;
  PendingFile& operator=(const PendingFile&) = delete;

  /// Where to write meanwhile.
  const std::string& path() const { return temp_path_; }
  const std::string& finalPath() const { return final_path_; }

  /// Flushes the file to disk, gives it its final name (never replacing a file that appeared
  /// there meanwhile), then flushes the folder so that the name survives a power cut. Throws
  /// StoreError; the temporary file is then still removed by the destructor.
  void publish();

 private:
  void removeTemporary() noexcept;

  std::string final_path_;
  std::string temp_path_;
  std::vector<std::string> companions_;
  bool published_ = false;
};

}  // namespace pg
