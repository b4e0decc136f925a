#include "rating/glicko2.h"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace pg::glicko2 {

namespace {

/// The Glicko-2 scale: mu = (r - 1500) / 173.7178, phi = RD / 173.7178.
constexpr double kScale = 173.7178;
/// The convergence tolerance of the volatility's iteration.
constexpr double kEpsilon = 0.000001;

double g(double phi) {
  return 1.0 / std::sqrt(1.0 + 3.0 * phi * phi / (std::numbers::pi * std::numbers::pi));
}

double expected(double mu, double mu_j, double phi_j) {
  return 1.0 / (1.0 + std::exp(-g(phi_j) * (mu - mu_j)));
}

/// The new volatility (step 5 of the paper: the Illinois algorithm on f).
double newVolatility(double phi, double sigma, double delta, double v, double tau) {
  const double a = std::log(sigma * sigma);
  auto f = [&](double x) {
    const double ex = std::exp(x);
    const double d = phi * phi + v + ex;
    return ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau);
  };
  double big_a = a;
  double big_b = 0.0;
  if (delta * delta > phi * phi + v) {
    big_b = std::log(delta * delta - phi * phi - v);
  } else {
    double k = 1.0;
    while (f(a - k * tau) < 0.0) k += 1.0;
    big_b = a - k * tau;
  }
  double f_a = f(big_a);
  double f_b = f(big_b);
  while (std::abs(big_b - big_a) > kEpsilon) {
    const double big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
    const double f_c = f(big_c);
    if (f_c * f_b <= 0.0) {
      big_a = big_b;
      f_a = f_b;
    } else {
      f_a /= 2.0;
    }
    big_b = big_c;
    f_b = f_c;
  }
  return std::exp(big_a / 2.0);
}

}  // namespace

Rating update(const Rating& r, std::span<const Outcome> games, double tau) {
  if (games.empty()) return idle(r, 1.0);
  const double mu = (r.rating - 1500.0) / kScale;
  const double phi = r.deviation / kScale;
  double inverse_v = 0.0;
  double sum = 0.0;  // sum of g(phi_j) (s_j - E_j)
  for (const Outcome& o : games) {
    const double mu_j = (o.opponent.rating - 1500.0) / kScale;
    const double phi_j = o.opponent.deviation / kScale;
    const double e = expected(mu, mu_j, phi_j);
    inverse_v += g(phi_j) * g(phi_j) * e * (1.0 - e);
    sum += g(phi_j) * (o.score - e);
  }
  const double v = 1.0 / inverse_v;
  const double delta = v * sum;
  const double sigma = newVolatility(phi, r.volatility, delta, v, tau);
  const double phi_star = std::sqrt(phi * phi + sigma * sigma);
  const double phi_new = 1.0 / std::sqrt(1.0 / (phi_star * phi_star) + 1.0 / v);
  const double mu_new = mu + phi_new * phi_new * sum;
  return Rating{kScale * mu_new + 1500.0, std::min(kMaxDeviation, kScale * phi_new), sigma};
}

Rating idle(const Rating& r, double periods) {
  if (periods <= 0.0) return r;
  const double phi = r.deviation / kScale;
  const double grown = std::sqrt(phi * phi + periods * r.volatility * r.volatility);
  return Rating{r.rating, std::min(kMaxDeviation, kScale * grown), r.volatility};
}

}  // namespace pg::glicko2
