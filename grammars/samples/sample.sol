pragma solidity ^0.8.0;
contract Token is ERC20 {
    struct S { uint a; }
    event Transfer(address a);
    modifier only() { _; }
    constructor() {}
    function transfer(address to) public returns (bool) { return true; }
}
interface IT { function f() external; }
library L { function g() internal {} }
