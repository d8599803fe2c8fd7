/**
 * Resource groups: the functions of one folder of functions/ (`functions/container/load.ts` → `container`) and what
 * serves them (routes, integrations, event wiring, state machines) live in a nested stack of their own under the
 * stage's stack, so that no stack comes near CloudFormation's quotas (infra/quotas.ts) however many endpoints a group
 * gains. A handler in a new folder makes a new group; nothing here lists groups. A function directly in functions/
 * (the authorizer) belongs to the API in the stage's own stack.
 *
 * A group has one log group, which every function of the group writes to (Lambda's advanced logging; each line names
 * its function), and one role per access level (infra/access/levels.ts): functions that may do the same share a role,
 * and one tenant role per data level of the functions that reach data for a caller (infra/access/tenant-role.ts).
 */
import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import { type IRole, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import { VARIABLES } from '../shared/config';
import { grantFunctionAccess } from './access/function-grants';
import { type AccessLevel, sessionLevel, usesTenantSessions } from './access/levels';
import { grantTenantData, tenantTrust } from './access/tenant-role';
import { constructIdOf, roleIdOf } from './construct-names';
import { ServiceFunction, type ServiceFunctionProps } from './function';
import type { StageConfig } from './stages';
import type { Storage } from './storage';

/** The group of the functions directly in functions/ (the authorizer): the API's, in the stage's own stack. */
export const API_GROUP = 'api';

/** `functions/container/load.ts` → `container`. */
export const groupOf = (entry: string): string => entry.split('/').slice(1, -1).join('-') || API_GROUP;

export interface GroupSettings {
  readonly stage: string;
  readonly config: StageConfig;
  /** The table and buckets the functions' grants name (infra/access/). */
  readonly storage: Storage;
}

/** What the API's functions, the event functions and the operations' steps are built from. */
export interface FunctionGroupProps extends GroupSettings {
  /** The settings every data function gets (infra/function-settings.ts dataEnvironment). */
  readonly environment: Record<string, string>;
  /** Where each function goes: the resource group of its handler's folder. */
  readonly groups: ResourceGroups;
}

/** One group's log group and roles, and its functions. */
export class FunctionGroup extends Construct {
  readonly logGroup: LogGroup;
  /** The roles by access level (roleIdOf), each made on first use. */
  readonly roles = new Map<string, Role>();
  /** The tenant roles by access level (roleIdOf): assumed with a tenant's session tags, never by Lambda itself. */
  readonly tenantRoles = new Map<string, Role>();
  private readonly trusted = new Map<Role, Set<IRole>>();
  readonly functions: ServiceFunction[] = [];
  private machineRole?: Role;

  constructor(
    scope: Construct,
    id: string,
    readonly name: string,
    private readonly settings: GroupSettings,
  ) {
    super(scope, id);
    this.logGroup = new LogGroup(this, 'Logs', {
      retention: settings.config.logRetention,
      removalPolicy: settings.config.removalPolicy,
    });
  }

  /**
   * The role of an access level: it writes the group's log group; its grants come with its functions
   * (infra/access/function-grants.ts), the same for each, as they have the same access.
   */
  roleOf(access: AccessLevel): Role {
    const id = roleIdOf(access);
    let role = this.roles.get(id);
    if (!role) {
      role = new Role(this, id, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `nm-archive ${this.settings.stage} ${this.name}: ${id.replace(/Role$/, '')}`,
      });
      // Its group's log group only (no managed policy on every log group).
      this.logGroup.grantWrite(role);
      this.roles.set(id, role);
    }
    return role;
  }

  /**
   * The tenant role of an access level, which `assumer` (a function's own role) may assume with a tenant's session
   * tags (infra/access/tenant-role.ts): made with its policy on first use, trusting each function role it is asked for.
   */
  tenantRoleOf(access: AccessLevel, assumer: IRole): Role {
    const id = roleIdOf(access).replace(/Role$/, 'SessionRole');
    let role = this.tenantRoles.get(id);
    if (!role) {
      role = new Role(this, id, {
        // No service and nobody else: only the function roles of the group (and the report's) that need it.
        assumedBy: tenantTrust(assumer),
        description: `nm-archive ${this.settings.stage} ${this.name}: one tenant's ${id.replace(/SessionRole$/, '')}`,
        maxSessionDuration: Duration.hours(1),
      });
      grantTenantData(role, this.settings.storage, access);
      this.tenantRoles.set(id, role);
      this.trusted.set(role, new Set([assumer]));
    } else if (!this.trusted.get(role)!.has(assumer)) {
      tenantTrust(assumer).addToAssumeRolePolicy(role.assumeRolePolicy!);
      this.trusted.get(role)!.add(assumer);
    }
    assumer.addToPrincipalPolicy(
      new PolicyStatement({ actions: ['sts:AssumeRole', 'sts:TagSession'], resources: [role.roleArn] }),
    );
    return role;
  }

  /**
   * A function of the group, logging to the group's log group, on the role of its access level, with the grants of
   * that level (infra/access/function-grants.ts). A route that reaches data may assume the group's tenant role of the
   * same data level and is told which (TENANT_ROLE_ARN).
   */
  add(
    id: string,
    {
      access,
      ...props
    }: Omit<ServiceFunctionProps, 'role' | 'logGroup' | 'stageName' | 'config'> & {
      readonly access: AccessLevel;
    },
  ): ServiceFunction {
    const fn = new ServiceFunction(this, id, {
      ...props,
      role: this.roleOf(access),
      logGroup: this.logGroup,
      stageName: this.settings.stage,
      config: this.settings.config,
    });
    grantFunctionAccess(fn, this.settings.storage, access);
    if (usesTenantSessions(access))
      fn.addEnvironment(VARIABLES.tenantRoleArn, this.tenantRoleOf(sessionLevel(access), fn.role!).roleArn);
    this.functions.push(fn);
    return fn;
  }

  /** The one role the group's state machines run on; each may invoke the step functions the stack names. */
  stateMachineRole(): IRole {
    this.machineRole ??= new Role(this, 'StateMachineRole', {
      assumedBy: new ServicePrincipal('states.amazonaws.com'),
      description: `nm-archive ${this.settings.stage} ${this.name}: state machines`,
    });
    return this.machineRole;
  }
}

/** The stage's groups: a nested stack per group, made when its first function is added. */
export class ResourceGroups extends Construct {
  private readonly groups = new Map<string, FunctionGroup>();

  constructor(
    scope: Construct,
    id: string,
    private readonly settings: GroupSettings,
  ) {
    super(scope, id);
  }

  /** The group a handler entry belongs to. */
  of(entry: string): FunctionGroup {
    const name = groupOf(entry);
    let group = this.groups.get(name);
    if (!group) {
      const scope =
        name === API_GROUP
          ? Stack.of(this)
          : new NestedStack(this, constructIdOf(name), {
              description: `nm-archive ${this.settings.stage}: the ${name} functions and what serves them`,
            });
      group = new FunctionGroup(scope, name === API_GROUP ? 'ApiFunctions' : 'Functions', name, this.settings);
      this.groups.set(name, group);
    }
    return group;
  }

  /** Every group made so far. */
  all(): FunctionGroup[] {
    return [...this.groups.values()];
  }
}
