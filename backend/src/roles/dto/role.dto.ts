import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsNotEmpty,
  IsUUID,
  IsObject,
  IsString,
  MaxLength,
  registerDecorator,
} from 'class-validator';
import {
  type CreateRoleRequest,
  ROLE_PERMISSIONS,
  type SetUserRolesRequest,
  type UpdateRoleRequest,
} from '@leadpulse/common';
import { Omittable } from '../../common/validation.js';

/** An object whose keys are known permission names, each `true`. */
function IsPermissions(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isPermissions',
      target: target.constructor,
      propertyName: String(propertyName),
      options: {
        message: `permissions must be an object of ${ROLE_PERMISSIONS.join(', ')} set to true`,
      },
      validator: {
        validate: (value: unknown) =>
          typeof value === 'object' &&
          value !== null &&
          !Array.isArray(value) &&
          Object.entries(value).every(
            ([key, granted]) =>
              (ROLE_PERMISSIONS as readonly string[]).includes(key) && granted === true,
          ),
      },
    });
}

export class CreateRoleDto implements CreateRoleRequest {
  @ApiProperty()
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(64)
  name: string;

  @ApiPropertyOptional() @Omittable() @IsString() @MaxLength(500) description?: string;

  @ApiPropertyOptional({ example: { manage_users: true } })
  @Omittable()
  @IsObject()
  @IsPermissions()
  permissions?: Record<string, boolean>;
}

export class UpdateRoleDto implements UpdateRoleRequest {
  @ApiPropertyOptional()
  @Omittable()
  @IsString()
  @IsNotEmpty({ message: 'Name is required' })
  @MaxLength(64)
  name?: string;

  @ApiPropertyOptional() @Omittable() @IsString() @MaxLength(500) description?: string;

  @ApiPropertyOptional({ example: { manage_users: true } })
  @Omittable()
  @IsObject()
  @IsPermissions()
  permissions?: Record<string, boolean>;
}

export class SetUserRolesDto implements SetUserRolesRequest {
  @ApiProperty({ type: [String], description: 'The ids of every role the administrator holds' })
  @IsArray()
  @ArrayMaxSize(50)
  @IsUUID('all', { each: true, message: 'Each role id must be a role id' })
  role_ids: string[];
}
