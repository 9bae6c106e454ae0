/**
 * An answer already written as JSON, such as a kept warehouse: `registerEndpoint` sends its
 * bytes as they are, and in tests checks them against the contract like any other answer.
 */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}
