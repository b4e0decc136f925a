#include "store/pending_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <utility>

#include "store/stored.h"

namespace pg {

namespace {

namespace fs = std::filesystem;

std::string errnoText(int e) {
  return std::system_category().message(e);
}

/// Whether anything (a file, a folder, a dangling link) has this name.
bool taken(const std::string& path) {
  struct stat st {};
  return ::lstat(path.c_str(), &st) == 0 || errno != ENOENT;
}

/// The folder a file's name lives in ("." for a bare name).
std::string folderOf(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  return parent.empty() ? std::string(".") : parent.string();
}

void fsyncPath(const std::string& path, int flags, const char* what) {
  const int fd = ::open(path.c_str(), flags | O_CLOEXEC);
  if (fd < 0)
    throw StoreError(std::string("opening ") + what + " " + path + ": " + errnoText(errno));
  const int rc = ::fsync(fd);
  const int e = errno;
  ::close(fd);
  if (rc != 0) throw StoreError(std::string("flushing ") + what + " " + path + ": " + errnoText(e));
}

/// rename() that fails with EEXIST instead of replacing. renameat2 is atomic; on a file system
/// without RENAME_NOREPLACE, link() gives the same guarantee (it never replaces either).
int renameNoReplace(const std::string& from, const std::string& to) {
  if (::renameat2(AT_FDCWD, from.c_str(), AT_FDCWD, to.c_str(), RENAME_NOREPLACE) == 0) return 0;
  if (errno != EINVAL && errno != ENOSYS) return errno;
  if (::link(from.c_str(), to.c_str()) != 0) return errno;
  ::unlink(from.c_str());
  return 0;
}

}  // namespace

PendingFile::PendingFile(std::string final_path, std::vector<std::string> companions)
    : final_path_(std::move(final_path)), companions_(std::move(companions)) {
  if (final_path_.empty()) throw StoreError("no file name given");
  if (taken(final_path_)) throw StoreError(final_path_ + " exists: it is never replaced");
  for (const std::string& c : companions_)
    if (taken(final_path_ + c))
      throw StoreError(final_path_ + c + " exists (left by another database?): remove it first");
  const std::string folder = folderOf(final_path_);
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) throw StoreError("no folder " + folder);
  temp_path_ = final_path_ + ".partial-" + std::to_string(::getpid());
  // O_EXCL: a temporary name that exists belongs to someone else (another run with this pid
  // before a reboot, killed): refuse rather than write into it or remove it.
  const int fd = ::open(temp_path_.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0640);
  if (fd < 0) {
    const int e = errno;
    temp_path_.clear();
    throw StoreError("creating " + final_path_ + ".partial-" + std::to_string(::getpid()) + ": " +
                     errnoText(e));
  }
  ::close(fd);
}

PendingFile::~PendingFile() {
  if (!published_) removeTemporary();
}

void PendingFile::publish() {
  fsyncPath(temp_path_, O_RDONLY, "the file");
  const int e = renameNoReplace(temp_path_, final_path_);
  if (e == EEXIST) throw StoreError(final_path_ + " appeared meanwhile: it is never replaced");
  if (e != 0)
    throw StoreError("renaming " + temp_path_ + " to " + final_path_ + ": " + errnoText(e));
  published_ = true;
  try {
    fsyncPath(folderOf(final_path_), O_RDONLY | O_DIRECTORY, "the folder");
  } catch (const StoreError& flush) {
    throw StoreError(std::string(flush.what()) + "; " + final_path_ +
                     " is complete, but a power cut may yet lose its name");
  }
}

void PendingFile::removeTemporary() noexcept {
  if (temp_path_.empty()) return;
  ::unlink(temp_path_.c_str());
  for (const std::string& c : companions_) ::unlink((temp_path_ + c).c_str());
}

}  // namespace pg
