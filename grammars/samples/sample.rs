use std::fmt;

/// doc
#[derive(Debug)]
pub struct AuthStatus { ok: bool }

impl fmt::Display for AuthStatus {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "x")
    }
}

unsafe impl Send for AuthStatus {}

impl<T> StatusView<T> {
    pub const fn new() -> Self { todo!() }
    pub(crate) unsafe fn raw(&self) {}
}

mod inner {
    pub async fn go() {}
    macro_rules! m { () => {} }
}

trait Tr { type Item; fn a(&self); fn b(&self) {} }
const X: u32 = 1;
pub unsafe fn danger() {}
extern "C" fn callback() {}
pub async unsafe fn both() {}
static COUNT: u32 = 0;
pub type Alias = u32;
union U { a: u32 }
enum E { A, B }

#[cfg(test)]
mod tests {
    #[test]
    fn works() {
        let local = || 1;
    }
}
