// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ERC-20 read-side with Vyper's storage layout for its balance mapping: the balance of
/// `holder` lives at keccak256(abi.encode(1, holder)) (slot first, key second), where Solidity
/// would use keccak256(abi.encode(holder, 1)). Slot 0 holds the total supply.
contract VyperLayoutToken {
    uint256 public totalSupply; // slot 0
    address private immutable _minter;

    string public constant name = "Devnet Curve Share";
    string public constant symbol = "dCRV";
    uint8 public constant decimals = 18;

    constructor() {
        _minter = msg.sender;
    }

    function _balanceSlot(address holder) private pure returns (bytes32 slot) {
        assembly {
            mstore(0x00, 1)
            mstore(0x20, holder)
            slot := keccak256(0x00, 0x40)
        }
    }

    function balanceOf(address holder) external view returns (uint256 amount) {
        bytes32 slot = _balanceSlot(holder);
        assembly {
            amount := sload(slot)
        }
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == _minter, "VyperLayoutToken: not minter");
        bytes32 slot = _balanceSlot(to);
        assembly {
            sstore(slot, add(sload(slot), amount))
        }
        totalSupply += amount;
    }
}
