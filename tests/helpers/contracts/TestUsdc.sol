// SPDX-License-Identifier: MIT
// Test-only contracts for vellum's payment tests: a token, a Transfer forger and an ERC-1271
// wallet. Compiled by compile.ts into artifacts.json,
// which is committed so the tests need no compiler at run time. Never deploy these anywhere real:
// anyone can mint.
pragma solidity ^0.8.24;

/// A 6-decimal ERC-20 put at the real Base USDC address on anvil (anvil_setCode), so the service
/// reads it exactly as it would read USDC. Storage starts empty there, so everything the tests
/// need before the first mint (name, symbol, decimals) is a constant baked into the runtime code.
contract TestUsdc {
    string public constant name = "USD Coin";
    string public constant symbol = "USDC";
    uint8 public constant decimals = 6;

    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    /// Anyone may mint: this token only exists on a throwaway test chain.
    function mint(address to, uint256 amount) external {
        totalSupply += amount;
        balanceOf[to] += amount;
        emit Transfer(address(0), to, amount);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        _spendAllowance(from, amount);
        _transfer(from, to, amount);
        return true;
    }

    /// Several transfers from the caller in one transaction (one Transfer log each).
    function batchTransfer(address[] calldata to, uint256[] calldata amounts) external returns (bool) {
        require(to.length == amounts.length, "TestUsdc: length mismatch");
        for (uint256 i = 0; i < to.length; i++) {
            _transfer(msg.sender, to[i], amounts[i]);
        }
        return true;
    }

    /// Several transfers from several approved senders in one transaction, so one transaction
    /// can carry transfers to the treasury from more than one payer.
    function batchTransferFrom(address[] calldata from, address[] calldata to, uint256[] calldata amounts)
        external
        returns (bool)
    {
        require(from.length == to.length && to.length == amounts.length, "TestUsdc: length mismatch");
        for (uint256 i = 0; i < to.length; i++) {
            _spendAllowance(from[i], amounts[i]);
            _transfer(from[i], to[i], amounts[i]);
        }
        return true;
    }

    /// Makes a real transfer, then reverts the whole transaction: the mined receipt has status
    /// reverted and no logs, which the verifier must refuse.
    function transferThenRevert(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
        revert("TestUsdc: forced revert");
    }

    function _spendAllowance(address from, uint256 amount) private {
        if (from != msg.sender) {
            require(allowance[from][msg.sender] >= amount, "TestUsdc: allowance");
            allowance[from][msg.sender] -= amount;
        }
    }

    function _transfer(address from, address to, uint256 amount) private {
        require(balanceOf[from] >= amount, "TestUsdc: balance");
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}

/// Emits a Transfer event with the same signature as USDC's from a different contract: the
/// verifier must ignore it, because only logs emitted by the configured USDC contract count.
contract TransferForger {
    event Transfer(address indexed from, address indexed to, uint256 value);

    function forge(address from, address to, uint256 value) external {
        emit Transfer(from, to, value);
    }
}

/// A minimal smart-contract wallet: pays with the token on its owner's order and validates
/// signatures by ERC-1271 (valid when the owner signed the hash), so the tests can check that
/// a contract wallet can pay and prove it is the payer.
contract TestWallet {
    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function pay(address token, address to, uint256 amount) external {
        require(msg.sender == owner, "TestWallet: not owner");
        (bool ok, bytes memory ret) = token.call(abi.encodeWithSignature("transfer(address,uint256)", to, amount));
        require(ok && (ret.length == 0 || abi.decode(ret, (bool))), "TestWallet: transfer failed");
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return 0xffffffff;
        bytes32 r = bytes32(signature[0:32]);
        bytes32 s = bytes32(signature[32:64]);
        uint8 v = uint8(signature[64]);
        return ecrecover(hash, v, r, s) == owner ? bytes4(0x1626ba7e) : bytes4(0xffffffff);
    }
}
