#include "ai/nets.h"

#include <filesystem>
#include <mutex>

#include "ai/net_features.h"
#include "nn/network.h"

#ifndef PG_NETS_DIR
#define PG_NETS_DIR "nets"
#endif

namespace pg {

namespace {

struct Installed {
  std::mutex mu;
  std::string dir = PG_NETS_DIR;
  bool loaded = false;
  NetsLoad load;
};

Installed& installed() {
  static Installed slot;
  return slot;
}

const NetsLoad& loadedLocked(Installed& in) {
  if (!in.loaded) {
    in.load = loadNets(in.dir);
    in.loaded = true;
  }
  return in.load;
}

std::shared_ptr<const nn::Network> loadOne(const std::string& path, nn::Kind kind,
                                           std::string_view features, std::string& report) {
  const std::string name = std::filesystem::path(path).filename().string();
  if (!std::filesystem::exists(path)) {
    report += name + ": missing (" + path + "); ";
    return nullptr;
  }
  std::string error;
  std::unique_ptr<nn::Network> net = nn::Network::load(path, &error);
  if (!net) {
    report += name + ": not loaded: " + error + "; ";
    return nullptr;
  }
  if (net->kind() != kind || net->features() != features) {
    report += name + ": not loaded: it is a " + std::string(nn::kindName(net->kind())) +
              " network on " + net->features() + ", not " + std::string(nn::kindName(kind)) +
              " on " + std::string(features) + "; ";
    return nullptr;
  }
  const nn::Shape& s = net->shape();
  report += name + ": loaded (" + std::to_string(s.filters) + " filters, " +
            std::to_string(s.blocks) + " blocks, " + net->kernelsName() + "); ";
  return net;
}

}  // namespace

std::string defaultNetsDir() {
  return PG_NETS_DIR;
}

NetsLoad loadNets(const std::string& dir) {
  NetsLoad out;
  auto nets = std::make_shared<Nets>();
  nets->belief = loadOne((std::filesystem::path(dir) / "belief.pgnn").string(), nn::Kind::Belief,
                         kBeliefFeatures, out.report);
  nets->pv = loadOne((std::filesystem::path(dir) / "pv.pgnn").string(), nn::Kind::Pv,
                     kBoardFeatures, out.report);
  if (out.report.size() >= 2) out.report.resize(out.report.size() - 2);  // the last "; "
  out.nets = std::move(nets);
  return out;
}

void setNetsDir(const std::string& dir) {
  Installed& in = installed();
  const std::lock_guard lock(in.mu);
  in.dir = dir;
  in.loaded = false;
}

std::shared_ptr<const Nets> installedNets() {
  Installed& in = installed();
  const std::lock_guard lock(in.mu);
  return loadedLocked(in).nets;
}

std::string installedNetsReport() {
  Installed& in = installed();
  const std::lock_guard lock(in.mu);
  return loadedLocked(in).report;
}

}  // namespace pg
