/** The IAM actions a data level allows, shared by the tenant roles' and the functions' own grants. */
import type { Access } from './levels';

const READ_ACTIONS = ['dynamodb:GetItem', 'dynamodb:BatchGetItem', 'dynamodb:Query'];
const WRITE_ACTIONS = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
  'dynamodb:ConditionCheckItem',
];
export const tableActions = (data: Access['data']) =>
  data === 'none' ? [] : data === 'read' ? READ_ACTIONS : [...READ_ACTIONS, ...WRITE_ACTIONS];
/** What an event function or a step does with objects: reads, and puts or deletes as its level says. */
export const objectActions = (files: Access['files']) => [
  's3:GetObject',
  ...(files === 'write' || files === 'write-delete' ? ['s3:PutObject'] : []),
  ...(files === 'read-delete' || files === 'write-delete' ? ['s3:DeleteObject'] : []),
];

/**
 * Every request names its keys: a call without one (a Scan, which IAM gives no leading keys) is refused even where
 * `ForAllValues` would hold for an empty list.
 */
export const KEYS_NAMED = { 'dynamodb:LeadingKeys': 'false' };
