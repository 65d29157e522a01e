// C++ run-time: iostreams, exceptions across frames, std::string/vector/map/algorithms,
// virtual dispatch, static constructors and destructors.
#include <algorithm>
#include <iomanip>
#include <iostream>
#include <map>
#include <memory>
#include <numeric>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

struct Shape {
  virtual ~Shape() = default;
  virtual double area() const = 0;
  virtual std::string name() const = 0;
};
struct Rect : Shape {
  double w, h;
  Rect(double w, double h) : w(w), h(h) {}
  double area() const override { return w * h; }
  std::string name() const override { return "rect"; }
};
struct Circle : Shape {
  double r;
  explicit Circle(double r) : r(r) {}
  double area() const override { return 3.14159265358979 * r * r; }
  std::string name() const override { return "circle"; }
};

struct Announce {
  Announce() { std::cout << "static constructor ran\n"; }
  ~Announce() { std::cout << "static destructor ran\n"; }
} announce;

static int depth(int n) {
  if (n == 0) throw std::runtime_error("bottom reached");
  return depth(n - 1) + 1;
}

int main() {
  std::vector<std::unique_ptr<Shape>> shapes;
  for (int i = 1; i <= 4; ++i) {
    shapes.push_back(std::make_unique<Rect>(i, i + 0.5));
    shapes.push_back(std::make_unique<Circle>(i * 0.75));
  }
  std::sort(shapes.begin(), shapes.end(), [](auto& a, auto& b) { return a->area() < b->area(); });
  for (auto& s : shapes) std::cout << s->name() << " " << std::fixed << std::setprecision(3) << s->area() << "\n";

  try {
    depth(50);
  } catch (const std::exception& e) {
    std::cout << "caught: " << e.what() << "\n";
  }
  try {
    std::vector<int> v(3);
    v.at(10) = 1;
  } catch (const std::out_of_range&) {
    std::cout << "caught out_of_range\n";
  }

  std::map<std::string, int> counts;
  std::istringstream words("the cat and the dog and the bird");
  for (std::string w; words >> w;) counts[w]++;
  for (auto& [w, c] : counts) std::cout << w << "=" << c << " ";
  std::cout << "\n";

  std::vector<long> nums(100);
  std::iota(nums.begin(), nums.end(), 1);
  std::cout << "sum " << std::accumulate(nums.begin(), nums.end(), 0L) << " hex " << std::hex << 48879
            << std::dec << " sci " << std::scientific << 12345.678 << "\n";
  std::string s = "Hello, PowerPC";
  std::reverse(s.begin(), s.end());
  std::cout << s << " " << s.size() << std::endl;
  return 0;
}
