namespace ns {
class Widget : public Base {
 public:
  Widget();
  ~Widget();
  void draw() const { }
  virtual int size() = 0;
};
Widget::Widget() {}
void Widget::paint(int x) { }
template <typename T> T max(T a, T b) { return a > b ? a : b; }
struct S { int f() { return 1; } };
}
